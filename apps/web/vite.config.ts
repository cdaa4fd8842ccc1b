import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // During `npm run dev -w @quayside/web`, API calls go to the server on :3000.
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
