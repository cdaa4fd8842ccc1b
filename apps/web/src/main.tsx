import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { limitFirstPaint } from './lib/first-rows.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
limitFirstPaint();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
