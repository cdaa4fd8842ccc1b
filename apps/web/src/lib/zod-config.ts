import { config } from 'zod';

// zod compiles its object parsers with `new Function` when it may, and finds out by trying: under
// our Content-Security-Policy (no 'unsafe-eval') that try is a CSP violation the browser reports on
// every page. Its interpreted parsers are fast enough for what the screens validate. This module is
// main.tsx's first import, so it runs before any schema is made.
config({ jitless: true });
