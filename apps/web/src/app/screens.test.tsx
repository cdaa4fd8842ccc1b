import { ROLES, type Role } from '@quayside/domain/people';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, renderScreen } from '../testing/render-screen.tsx';
import { AppRoutes } from './routes.tsx';
import { mayOpen, screenList } from './screens.ts';
import { Sidebar } from './shell/sidebar.tsx';

const userOf = (role: Role) => ({ ...ADMIN, role, company: role === 'Forwarder' ? 'Blue Freight' : 'NAPCO' });

/** The role's chip in the sidebar: the profile, and so the role, is known (the frame's code loaded). */
const roleShown = (role: Role) => screen.findByTitle(role, {}, { timeout: 10_000 });

describe('the sidebar', () => {
  // What each role is offered, spelled out: the table must not drift from it unnoticed.
  const offered: Record<Role, string[]> = {
    Admin: [
      'Dashboard',
      'Purchase Orders',
      'Import',
      'Reports',
      'Analytics',
      'User management',
      'Alerts',
      'Exception rules',
      'Webhooks',
      'Recently deleted',
    ],
    Employee: ['Dashboard', 'Purchase Orders', 'Reports', 'Analytics', 'Alerts'],
    Manager: ['Dashboard', 'Purchase Orders', 'Reports', 'Analytics', 'Alerts'],
    Forwarder: ['Dashboard', 'Purchase Orders', 'Import', 'Analytics', 'Alerts'],
  };

  it.each(ROLES)('links exactly the screens a %s may open', async (role) => {
    renderScreen(<Sidebar isExpanded />, { user: userOf(role) });
    await roleShown(role);
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    const linked = links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);
    const allowed = screenList.flatMap(([, entry]) =>
      entry.nav && mayOpen(entry, role) ? [[entry.nav.label, entry.path]] : [],
    );
    expect(linked).toEqual(allowed);
    expect(linked.map(([label]) => label)).toEqual(offered[role]);
  });
});

describe('the routes', () => {
  const addressOf = (path: string) => path.replace(':id', 'SHP-1');
  const cases = ROLES.flatMap((role) => screenList.map(([name, entry]) => ({ role, name, entry })));

  it.each(cases)('open $name for a $role if the table allows it, else the dashboard', async ({ role, entry }) => {
    renderScreen(<AppRoutes />, { user: userOf(role), at: addressOf(entry.path), route: '/*' });
    await roleShown(role);
    const expected = mayOpen(entry, role) ? addressOf(entry.path) : '/';
    const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
    const main = screen.getByRole('main');
    // Settled: a screen is shown (its code loaded), not the frame's fallback nor an empty outlet
    // on the way to the dashboard, which is where an unrouted path ends up. A screen's code is
    // fetched on first opening: slowly while other suites load theirs.
    await waitFor(
      () => {
        expect(within(main).queryByRole('progressbar', { name: 'Loading' })).toBeNull();
        expect(main).not.toBeEmptyDOMElement();
        expect(address()).toBe(expected);
      },
      { timeout: 10_000 },
    );
  });
});
