import type { View } from '@quayside/domain/views';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { rowsAnswer } from '../../testing/line-item-rows.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { DashboardPage } from './dashboard-page.tsx';

// Named views on the dashboard: the open one is named on the page and is the name 'Follow this
// view' starts from; 'Copy link' on a view only its owner can open offers to share it first, and
// otherwise says who the link opens for.

const lineItems = (call: ApiCall) => rowsAnswer(call, [], { totalAll: 12 });

const namedView = (overrides: Partial<View>): View => ({
  id: 7,
  name: 'Late bolts',
  shared: false,
  query: { q: 'bolt', exception: 'late_arrival' },
  columns: null,
  density: 'compact',
  owner: { name: 'Admin', email: 'admin@napco.example' },
  mine: true,
  isMyDefault: false,
  isOrgDefault: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

/** What the page copied (jsdom has no clipboard; the journeys use Chromium's). */
let copied: string[] = [];
const stubClipboard = () => {
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
};
afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'));

describe('the open view', () => {
  it('is named on the page while its rows are shown, and is the name Follow this view starts from', async () => {
    renderScreen(<DashboardPage />, {
      at: '/?view=7',
      api: { 'GET /api/LineItems/rows': lineItems, 'GET /api/Views/7': () => namedView({}) },
    });
    expect(await screen.findByText('View: Late bolts')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Follow this view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow this view' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Late bolts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // The search cleared: no longer that view's rows.
    screen.getByRole('button', { name: 'Search: bolt' }).focus();
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByText('View: Late bolts')).toBeNull());
  });
});

describe("'Copy link'", () => {
  it('on a view only its owner can open offers to share it, then copies the link and says who can open it', async () => {
    stubClipboard();
    let mine = namedView({});
    const api = renderScreen(<DashboardPage />, {
      api: {
        'GET /api/LineItems/rows': lineItems,
        'GET /api/Views': () => ({ views: [mine], myDefault: null, orgDefault: null }),
        'PUT /api/Views/7': (call: ApiCall) => {
          mine = { ...mine, ...(call.body as object) };
          return mine;
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Views' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link to Late bolts' }));
    const offer = await screen.findByRole('dialog', { name: 'Copy link to “Late bolts”' });
    expect(offer).toHaveTextContent('Only you can open this view');
    await userEvent.click(within(offer).getByRole('button', { name: 'Share with staff and copy link' }));
    expect(await screen.findByText('Link to “Late bolts” copied. Every staff user can open it.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/Views/7')[0]?.body).toEqual({
      name: 'Late bolts',
      shared: true,
      query: { q: 'bolt', exception: 'late_arrival' },
      columns: null,
      density: 'compact',
    });
    expect(copied).toEqual([`${window.location.origin}/?view=7`]);
  });

  it('on a private view can copy the link alone, saying only its owner can open it', async () => {
    stubClipboard();
    const api = renderScreen(<DashboardPage />, {
      api: {
        'GET /api/LineItems/rows': lineItems,
        'GET /api/Views': () => ({ views: [namedView({})], myDefault: null, orgDefault: null }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Views' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link to Late bolts' }));
    const offer = await screen.findByRole('dialog', { name: 'Copy link to “Late bolts”' });
    await userEvent.click(within(offer).getByRole('button', { name: 'Copy link only' }));
    expect(await screen.findByText('Link to “Late bolts” copied. Only you can open it.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/Views/7')).toEqual([]);
  });

  it('on a shared view copies at once and says who can open it', async () => {
    stubClipboard();
    renderScreen(<DashboardPage />, {
      api: {
        'GET /api/LineItems/rows': lineItems,
        'GET /api/Views': () => ({
          views: [namedView({ id: 8, name: 'Arrivals', shared: true, mine: false })],
          myDefault: null,
          orgDefault: null,
        }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Views' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link to Arrivals' }));
    expect(await screen.findByText('Link to “Arrivals” copied. Every staff user can open it.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Copy link to/ })).toBeNull();
    expect(copied).toEqual([`${window.location.origin}/?view=8`]);
  });
});
