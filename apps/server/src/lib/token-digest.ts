import { createHash } from 'node:crypto';

/** What is kept of a bearer secret (an integration's token, a tracking link's): its SHA-256, never the secret itself. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url');
