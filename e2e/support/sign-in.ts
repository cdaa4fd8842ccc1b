import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { sameOrigin } from './browser.ts';

export type Credentials = { email: string; password: string };

/** Signs in through the login screen, as a person would, and waits to leave it: for journeys about signing in. */
export async function signInWithForm(page: Page, user: Credentials) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Signs in with the call the login screen makes (its cookie lands in the page's context) and opens
 * the dashboard: for journeys about something else, which need not load the login screen first.
 */
export async function signIn(page: Page, user: Credentials) {
  const response = await page.context().request.post('/api/auth/sign-in/email', {
    headers: sameOrigin(),
    data: { email: user.email, password: user.password, rememberMe: true },
  });
  if (!response.ok()) throw new Error(`signing in ${user.email} failed: ${response.status()} ${await response.text()}`);
  await page.goto('/');
}

/** The signed-in context's API, for arranging data the journey is not about. */
export async function addPerson(
  context: BrowserContext,
  person: { full_name: string; email: string; role?: string; company_name?: string },
) {
  const response = await context.request.post('/api/Peoples', { headers: sameOrigin(), data: [person] });
  if (!response.ok()) throw new Error(`adding ${person.email} failed: ${response.status()} ${await response.text()}`);
}

/** A unique address per call, so journeys never collide with each other or with a rerun. */
export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export const users = () => inject('users');
