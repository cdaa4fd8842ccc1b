import { z } from 'zod';
import { PAGE_SIZES } from './constants.ts';

// Field schemas that several contracts share.

/** PostgreSQL text cannot hold NUL, and no person types it: refused with this message. */
export const NUL_MESSAGE = 'Text must not contain NUL characters.';
export const noNul = (text: string) => !text.includes('\u0000');

/** Trimmed text of at most `max` characters, without NUL. */
export const plainText = (max: number, tooLong = `Must be at most ${max} characters.`) =>
  z.string().trim().max(max, tooLong).refine(noNul, NUL_MESSAGE);

export const pageParam = z.coerce
  .number()
  .int('page must be a whole number.')
  .min(1, 'page starts at 1.')
  .max(1_000_000);

export const pageSizeParam = z.coerce.number().pipe(
  z.union(
    PAGE_SIZES.map((size) => z.literal(size)),
    { error: `pageSize is one of ${PAGE_SIZES.join(', ')}.` },
  ),
);
