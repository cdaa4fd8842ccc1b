import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each screen test renders into a fresh document.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
