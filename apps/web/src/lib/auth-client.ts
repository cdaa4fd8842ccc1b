import type { FirstAdminBody } from '@quayside/domain/first-admin-body';
import { ApiError } from './api.ts';

// The sign-in provider is our own server's better-auth under /api/auth (SPEC.md's "hosted provider").

export type SessionUser = { id: string; email: string; name: string };

async function authCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/auth${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
  if (!response.ok) {
    throw new ApiError(response.status, payload?.message ?? `The server answered ${response.status}.`, payload?.code);
  }
  return payload as T;
}

/** The signed-in user, or null when there is no valid session. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const session = await authCall<{ user: SessionUser } | null>('/get-session');
  return session?.user ?? null;
}

export const signInWithPassword = (email: string, password: string) =>
  authCall('/sign-in/email', { email, password, rememberMe: true });

/** The account's display name starts as the e-mail; the person's name lives in the people list. */
export const signUpWithPassword = (email: string, password: string) =>
  authCall('/sign-up/email', { email, password, name: email });

export const requestPasswordReset = (email: string) =>
  authCall('/request-password-reset', { email, redirectTo: `${window.location.origin}/reset-password` });

export const resetPassword = (token: string, newPassword: string) =>
  authCall('/reset-password', { token, newPassword });

export const signOutOfServer = () => authCall('/sign-out', {});

/** Mails a new registration link to an address whose registration is not confirmed yet. */
export const resendRegistrationLink = (email: string) => authCall('/send-verification-email', { email });

/** Follows the mailed registration link: confirms the address with the registration's password, and signs in. */
export const confirmRegistration = (token: string, password: string) => authCall('/confirm-email', { token, password });

/** The first run: the printed set-up link's token creates the first Admin, who is then signed in. */
export const setUpFirstAdmin = (body: FirstAdminBody) => authCall('/set-up', body);
