import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { sameOrigin } from './browser.ts';

export type Credentials = { email: string; password: string };

/** Signs in through the login screen, as a person would, and waits to leave it. */
export async function signIn(page: Page, user: Credentials, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
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
