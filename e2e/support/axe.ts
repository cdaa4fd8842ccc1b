import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe (WCAG 2 A and AA rules) on the page once its transitions have ended and fails on any serious or critical
 * violation. axe is injected through Playwright's evaluate (DevTools protocol), which the app's
 * CSP (`script-src 'self'`) does not block, so the context needs no `bypassCSP`.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A tooltip left open by the last click, or text measured halfway through a fade, fails the
  // contrast rule: move the pointer off to the corner, then let finite animations end (spinners
  // run forever and are left alone).
  const viewport = page.viewportSize();
  if (viewport) await page.mouse.move(viewport.width - 1, viewport.height - 1);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (serious.length === 0) return;
  const lines = serious.map((violation) => {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
    const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
    return `- ${violation.id} (${violation.impact}): ${violation.help}\n    ${targets.join(', ')}${more}\n    ${violation.helpUrl}`;
  });
  throw new Error(
    `${serious.length} serious or critical accessibility violation(s) on ${page.url()}:\n${lines.join('\n')}`,
  );
}
