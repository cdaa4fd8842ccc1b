import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a secret a client sent equals ours, in time that tells nothing about either (their
 * digests are compared, so lengths may differ): the set-up token, the metrics token.
 */
export const isSameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));
