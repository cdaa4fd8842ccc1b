import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render-screen.tsx';
import { AppRoutes } from '../routes.tsx';

// Moving to another screen puts the keyboard's focus on its heading, not on the page's body.

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

describe('the focus after moving to another screen', () => {
  it("is on the new screen's heading, whichever link was pressed", async () => {
    const user = userEvent.setup();
    renderScreen(<AppRoutes />, { at: '/alerts', route: '/*' });
    await heading('Alerts');
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Analytics' }));
    const analytics = await heading('Analytics');
    await waitFor(() => expect(document.activeElement).toBe(analytics));

    within(nav).getByRole('link', { name: 'Webhooks' }).focus();
    await user.keyboard('{Enter}');
    const webhooks = await heading('Webhooks');
    await waitFor(() => expect(document.activeElement).toBe(webhooks));
  });

  it('stays where the user put it once they act on the new screen', async () => {
    const user = userEvent.setup();
    renderScreen(<AppRoutes />, { at: '/alerts', route: '/*' });
    await heading('Alerts');
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Analytics' }));
    await heading('Analytics');
    await user.keyboard('{Tab}');
    const chosen = document.activeElement;
    expect(chosen?.tagName).not.toBe('H1');
    // Later changes to the screen (figures arriving) leave the focus where it is.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.activeElement).toBe(chosen);
  });
});
