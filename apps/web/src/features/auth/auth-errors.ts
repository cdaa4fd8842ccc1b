import {
  ALREADY_REGISTERED_MESSAGE,
  COMMON_PASSWORD_CODE,
  COMMON_PASSWORD_MESSAGE,
  notListedMessage,
  SIGN_UP_REFUSALS,
  TOO_MANY_FAILED_ATTEMPTS,
} from '@quayside/domain/auth-messages';
import { EMAIL_VERIFICATION_CODES, EMAIL_VERIFICATION_MESSAGES } from '@quayside/domain/email-verification';
import { FIRST_ADMIN_CODES, FIRST_ADMIN_MESSAGES } from '@quayside/domain/first-admin';
import { ApiError } from '../../lib/api.ts';

// SPEC.md §8 'Sign-in and registration', mapped from the sign-in server's error codes.

export const AUTH_MESSAGES = {
  userNotFound: 'No account found with this email. Please register first.',
  invalidCredentials: 'Invalid username or password. If you forgot your password, please reset it here.',
  tooManyRequests: TOO_MANY_FAILED_ATTEMPTS,
  invalidEmail: 'Invalid email format.',
  weakPassword: 'Password is too weak. Please use a stronger password.',
  emailInUse: 'Oops! An account with that email address already exists.',
  unexpected: 'An unexpected error occurred. Please try again.',
  passwordsDiffer: 'Passwords do not match.',
  eligibilityFailed: 'Failed to verify user eligibility. Please try again later.',
  resetSent:
    'If the email address you entered matches an existing account, you will receive an email within 10 minutes with instructions on how to reset your password.',
  // The spec shows no wording for these two; ours say what to do next.
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. You can now log in with it.',
} as const;

/**
 * What the screen shows: the message, and which links go with it. `resetHere` makes the
 * trailing "here" of the invalid-credentials message a link to /reset-password; `resend` offers
 * to mail the registration link again.
 */
export type AuthProblem = { message: string; links?: 'login-and-reset' | 'reset-here' | 'resend' };

const CODE_TO_PROBLEM: Record<string, AuthProblem> = {
  USER_NOT_FOUND: { message: AUTH_MESSAGES.userNotFound },
  INVALID_EMAIL_OR_PASSWORD: { message: AUTH_MESSAGES.invalidCredentials, links: 'reset-here' },
  INVALID_PASSWORD: { message: AUTH_MESSAGES.invalidCredentials, links: 'reset-here' },
  INVALID_EMAIL: { message: AUTH_MESSAGES.invalidEmail },
  PASSWORD_TOO_SHORT: { message: AUTH_MESSAGES.weakPassword },
  PASSWORD_TOO_LONG: { message: AUTH_MESSAGES.weakPassword },
  [COMMON_PASSWORD_CODE]: { message: COMMON_PASSWORD_MESSAGE },
  USER_ALREADY_EXISTS: { message: AUTH_MESSAGES.emailInUse, links: 'login-and-reset' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { message: AUTH_MESSAGES.emailInUse, links: 'login-and-reset' },
  INVALID_TOKEN: { message: AUTH_MESSAGES.resetLinkInvalid },
  [SIGN_UP_REFUSALS.alreadyRegistered]: { message: ALREADY_REGISTERED_MESSAGE, links: 'login-and-reset' },
  // Registration by mail (packages/domain/src/email-verification.ts).
  [EMAIL_VERIFICATION_CODES.notConfirmed]: { message: EMAIL_VERIFICATION_MESSAGES.notConfirmed, links: 'resend' },
  [EMAIL_VERIFICATION_CODES.linkExpired]: { message: EMAIL_VERIFICATION_MESSAGES.linkExpired },
  [EMAIL_VERIFICATION_CODES.linkInvalid]: { message: EMAIL_VERIFICATION_MESSAGES.linkInvalid },
  [EMAIL_VERIFICATION_CODES.linkReplaced]: { message: EMAIL_VERIFICATION_MESSAGES.linkReplaced },
  [EMAIL_VERIFICATION_CODES.wrongPassword]: { message: EMAIL_VERIFICATION_MESSAGES.wrongPassword },
  [EMAIL_VERIFICATION_CODES.alreadyConfirmed]: {
    message: EMAIL_VERIFICATION_MESSAGES.alreadyConfirmed,
    links: 'login-and-reset',
  },
  // The first run's set-up (packages/domain/src/first-admin.ts).
  [FIRST_ADMIN_CODES.linkInvalid]: { message: FIRST_ADMIN_MESSAGES.linkInvalid },
  [FIRST_ADMIN_CODES.alreadySetUp]: { message: FIRST_ADMIN_MESSAGES.alreadySetUp, links: 'login-and-reset' },
};

export function authProblemOf(error: unknown, orgName: string): AuthProblem {
  if (error instanceof ApiError) {
    if (error.status === 429) return { message: AUTH_MESSAGES.tooManyRequests };
    if (error.code === SIGN_UP_REFUSALS.notListed) return { message: notListedMessage(orgName) };
    const known = error.code ? CODE_TO_PROBLEM[error.code] : undefined;
    if (known) return known;
    if (error.code === 'VALIDATION_ERROR' && /email/i.test(error.message))
      return { message: AUTH_MESSAGES.invalidEmail };
    if (error.status < 500 && error.message) return { message: error.message };
  }
  return { message: AUTH_MESSAGES.unexpected };
}

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailFormat = (email: string) => EMAIL_FORMAT.test(email);
