import { API } from '@quayside/domain/api';
import { mayCall } from '@quayside/domain/call';
import { ROLES, type Role } from '@quayside/domain/people';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, renderScreen } from '../testing/render-screen.tsx';
import { AppRoutes } from './routes.tsx';
import { landingOf, mayOpen, screenList } from './screens.ts';
import { Sidebar } from './shell/sidebar.tsx';

const COMPANIES: Record<Role, string> = {
  Admin: 'NAPCO',
  Employee: 'NAPCO',
  Manager: 'NAPCO',
  Forwarder: 'Blue Freight',
  Supplier: 'Acme Fasteners',
};
const userOf = (role: Role) => ({ ...ADMIN, role, company: COMPANIES[role] });

/** The role's chip in the sidebar: the profile, and so the role, is known (the frame's code loaded). */
const roleShown = (role: Role) => screen.findByTitle(role, {}, { timeout: 10_000 });

describe('the sidebar', () => {
  // What each role is offered, spelled out: the table must not drift from it unnoticed.
  const offered: Record<Role, string[]> = {
    Admin: [
      'Dashboard',
      'Purchase Orders',
      'Bookings',
      'Import',
      'Reports',
      'Analytics',
      'User management',
      'Suppliers',
      'Alerts',
      'Exception rules',
      'Webhooks',
      'Carrier events',
      'Recently deleted',
    ],
    Employee: ['Dashboard', 'Purchase Orders', 'Bookings', 'Reports', 'Analytics', 'Alerts'],
    Manager: ['Dashboard', 'Purchase Orders', 'Bookings', 'Reports', 'Analytics', 'Alerts'],
    Forwarder: ['Dashboard', 'Purchase Orders', 'Bookings', 'Import', 'Analytics', 'Alerts'],
    Supplier: ['Purchase Orders', 'Bookings', 'Alerts'],
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

  it.each(cases)('open $name for a $role if the table allows it, else its landing', async ({ role, entry }) => {
    renderScreen(<AppRoutes />, { user: userOf(role), at: addressOf(entry.path), route: '/*' });
    await roleShown(role);
    const expected = mayOpen(entry, role) ? addressOf(entry.path) : landingOf(role);
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

/** The route table's entry a request was made to, by its method and path. */
const callAt = (method: string, path: string) =>
  Object.values(API).find(
    (entry) => entry.method === method && new RegExp(`^${entry.path.replace(/:\w+/g, '[^/]+')}$`).test(path),
  );

describe("a supplier's contact", () => {
  it('lands on its purchase orders, and asks the server nothing it would refuse a supplier', async () => {
    const api = renderScreen(<AppRoutes />, {
      user: userOf('Supplier'),
      at: '/',
      route: '/*',
      api: {
        'GET /api/PurchaseOrders': () => ({ purchaseOrders: [], total: 0, totalExact: true, page: 1, pageSize: 25 }),
      },
    });
    await roleShown('Supplier');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Purchase Orders' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/purchase-orders');
    expect(screen.queryByRole('combobox', { name: 'Search shipments' })).toBeNull();
    const asked = api.calls.filter((call) => !call.path.startsWith('/api/auth/'));
    expect(asked.map((call) => `${call.method} ${call.path}`)).toContain('GET /api/PurchaseOrders');
    for (const call of asked) {
      const entry = callAt(call.method, call.path);
      expect(entry, `${call.method} ${call.path}`).toBeDefined();
      expect(entry && mayCall(entry, 'Supplier'), `${call.method} ${call.path}`).toBe(true);
    }
  });
});
