import { vi } from 'vitest';

/**
 * The screen as a phone shows it (below SPEC.md §9's 768 px): width queries (`max-width`) match,
 * as does the request for reduced motion the screens' setup answers. Undone after each test.
 */
export function atPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') || query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
