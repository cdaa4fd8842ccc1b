import { hash, verify } from '@node-rs/argon2';

// The package declares Algorithm as a const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2;

// OWASP's recommended Argon2id floor: 19 MiB of memory, 2 passes, 1 lane.
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The lengths a new password may have (better-auth's sign-up and reset, and the first run's set-up). */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword({ hash: encoded, password }: { hash: string; password: string }) {
  try {
    return await verify(encoded, password);
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a crash
  }
}
