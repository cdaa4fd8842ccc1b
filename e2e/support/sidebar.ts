import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Expands the desktop sidebar as a person does, by pointing at it. The rail expands on pointer
 * enter; if it re-rendered under a resting pointer, the pointer leaves and comes back until it shows
 * its expanded labels (the Logout text appears only then).
 */
export async function openSidebar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const corner = page.viewportSize() ?? { width: 1280, height: 720 };
  await expect
    .poll(
      async () => {
        await page.mouse.move(corner.width - 1, corner.height - 1);
        await nav.hover();
        return nav.getByText('Logout', { exact: true }).isVisible();
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe(true);
  return nav;
}

/** Points away from the sidebar, as a person does before using the page, and waits for it to fold. */
export async function closeSidebar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const corner = page.viewportSize() ?? { width: 1280, height: 720 };
  await expect
    .poll(
      async () => {
        await page.mouse.move(corner.width - 1, corner.height - 1);
        return nav.getByText('Logout', { exact: true }).isVisible();
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe(false);
}
