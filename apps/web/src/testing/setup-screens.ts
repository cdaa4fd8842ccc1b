import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no matchMedia: answer as a browser whose user asks for reduced motion, so screens
// skip animations (the parts dialog's confetti draws on a canvas jsdom cannot paint).
window.matchMedia ??= (query: string) =>
  ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// findBy and waitFor give up after 1 s by default: under the full suite's load on 2 cores a screen
// once took longer to show its first answer (webhooks-page, 2026-11-27). 5 s only delays a failure.
configure({ asyncUtilTimeout: 5_000 });

// Each screen test renders into a fresh document, with fresh storage and the real fetch back.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
