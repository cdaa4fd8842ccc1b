import { EMAIL_VERIFICATION_MESSAGES } from '@quayside/domain/email-verification';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { AUTH_MESSAGES, authProblemOf, isEmailFormat } from './auth-errors.ts';

const refused = (status: number, code?: string, message = 'server text') => new ApiError(status, message, code);

describe('sign-in and registration errors (SPEC.md §8)', () => {
  it.each([
    [refused(401, 'INVALID_EMAIL_OR_PASSWORD'), AUTH_MESSAGES.invalidCredentials],
    [refused(404, 'USER_NOT_FOUND'), 'No account found with this email. Please register first.'],
    [refused(429), 'Too many failed attempts. Please try again later.'],
    [refused(400, 'INVALID_EMAIL'), 'Invalid email format.'],
    [refused(400, 'PASSWORD_TOO_SHORT'), 'Password is too weak. Please use a stronger password.'],
    [
      refused(400, 'PASSWORD_TOO_COMMON'),
      'This password is one of the most common passwords and easy to guess. Choose another one.',
    ],
    [refused(422, 'USER_ALREADY_EXISTS'), 'Oops! An account with that email address already exists.'],
    [
      refused(403, 'EMAIL_NOT_IN_PEOPLE_LIST'),
      'Your email is not registered in our system. Please contact a Harbour Co administrator to add you first.',
    ],
    [refused(403, 'EMAIL_ALREADY_REGISTERED'), 'An account with this email already exists'],
    [
      refused(403, 'BANNED_USER', 'You have been banned from this application'),
      'You have been banned from this application',
    ],
    [refused(500, undefined, 'stack trace'), 'An unexpected error occurred. Please try again.'],
    [new TypeError('Failed to fetch'), 'An unexpected error occurred. Please try again.'],
  ])('%o reads "%s"', (error, message) => {
    expect(authProblemOf(error, 'Harbour Co').message).toBe(message);
  });

  it('links the reset screen from the wrong-password message, and log in and reset from "already exists"', () => {
    expect(authProblemOf(refused(401, 'INVALID_EMAIL_OR_PASSWORD'), 'X').links).toBe('reset-here');
    expect(authProblemOf(refused(422, 'USER_ALREADY_EXISTS'), 'X').links).toBe('login-and-reset');
    expect(authProblemOf(refused(403, 'EMAIL_ALREADY_REGISTERED'), 'X').links).toBe('login-and-reset');
  });

  it('says an unconfirmed address is unconfirmed (not a generic error) and offers to resend the link', () => {
    const problem = authProblemOf(refused(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'), 'X');
    expect(problem).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.notConfirmed, links: 'resend' });
    expect(authProblemOf(refused(400, 'REGISTRATION_LINK_EXPIRED'), 'X').message).toBe(
      EMAIL_VERIFICATION_MESSAGES.linkExpired,
    );
  });

  it('checks the e-mail format before asking the server', () => {
    expect(isEmailFormat('ada@example.com')).toBe(true);
    expect(isEmailFormat('ada@example')).toBe(false);
    expect(isEmailFormat('ada example.com')).toBe(false);
  });
});
