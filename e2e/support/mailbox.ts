import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EMAIL_VERIFICATION_MESSAGES } from '@quayside/domain/email-verification';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';

/**
 * The link to `page` (reset-password, verify-email) in the newest mail to `email` written since
 * `after`. The server has no SMTP_URL here, so its mails are files in DATA_DIR/outbox.
 */
export async function mailedLink(email: string, after: number, page: string): Promise<string> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + 15_000;
  const pattern = new RegExp(`https?://\\S+/${page}\\?token=\\S+`);
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files
      .filter((name) => name.endsWith(`-${email}.eml`))
      .sort()
      .reverse()) {
      const mail = await readFile(path.join(outbox, file), 'utf8');
      const link = pattern.exec(mail)?.[0];
      const written = Date.parse(file.slice(0, 24).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3'));
      if (link && written >= after - 1000) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${page} mail for ${email} in ${outbox}`);
}

/** Follows the registration link mailed since `after`, as its reader would: the page asks for the password. */
export async function confirmThroughMail(page: Page, email: string, password: string, after: number) {
  await page.goto(await mailedLink(email, after, 'verify-email'));
  await page.getByRole('heading', { name: EMAIL_VERIFICATION_MESSAGES.confirmTitle }).waitFor();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: EMAIL_VERIFICATION_MESSAGES.confirmButton }).click();
}

/** Registers a listed person through the register screen and the mailed link, ending signed in. */
export async function registerThroughMail(page: Page, email: string, password: string) {
  const registered = Date.now();
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('heading', { name: EMAIL_VERIFICATION_MESSAGES.checkYourEmailTitle }).waitFor();
  await confirmThroughMail(page, email, password, registered);
}
