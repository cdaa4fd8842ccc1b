import { TRACKING_LINK_GONE } from '@quayside/domain/carrier-events';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/app.tsx';
import { Answer, fakeApi } from '../../testing/fake-api.ts';
import { dayFromToday as day, daysFromToday } from '../../testing/shipment-fixture.ts';

// The page a tracking link opens, as a visitor with no account meets it: the whole app at the
// link's address, the server answered by fakeApi() and no session anywhere.

const TRACKING = {
  mode: 'FCL',
  origin: 'CNSHA',
  destination: 'AUMEL',
  dates: {
    createdAt: daysFromToday(-20),
    ETD: null,
    'Origin ETD': daysFromToday(-10),
    ATD: daysFromToday(-9),
    'Dest. ETA': daysFromToday(5),
    ATA: null,
    'Est Delivery': null,
    'Act Delivery': null,
  },
  events: [
    {
      title: 'Arrival (estimated)',
      at: '2026-12-02T06:00:00+11:00',
      location: 'AUMEL',
      vessel: 'MAERSK ESSEX',
      classifier: 'EST',
    },
    {
      title: 'Departure (actual)',
      at: '2026-11-20T08:30:00+08:00',
      location: 'CNSHA',
      vessel: 'MAERSK ESSEX',
      classifier: 'ACT',
    },
  ],
};

/** The app opened at the link's address, as a browser with no session opens it. */
function openLink(token: string, answer: () => unknown) {
  window.history.pushState({}, '', `/track/${token}`);
  const api = fakeApi({ [`GET /api/Tracking/${token}`]: answer });
  const view = render(<App />);
  return { api, view };
}

const robotsMeta = () => document.head.querySelector('meta[name="robots"]');

afterEach(() => window.history.pushState({}, '', '/'));

describe('the public tracking page', () => {
  it("shows the shipment's mode, ports, milestones, dates and carrier events, without signing in", async () => {
    const { api, view } = openLink('tok-1', () => TRACKING);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipment tracking' })).toBeInTheDocument();
    expect(await screen.findByText('CNSHA → AUMEL')).toBeInTheDocument();

    const strip = screen.getByRole('region', { name: 'Milestones' });
    expect(within(strip).getByText('FCL')).toBeInTheDocument();
    const [booked, departed, arrived] = within(strip).getAllByRole('listitem') as HTMLElement[];
    expect(booked).toHaveTextContent(`Actual: ${day(-20)} (Shipment created)`);
    expect(departed).toHaveTextContent(`Actual: ${day(-9)} (ATD)`);
    expect(arrived).toHaveTextContent(`Planned: ${day(5)} (Dest. ETA)`);

    const dates = screen.getByRole('region', { name: 'Dates' });
    expect(dates).toHaveTextContent(`Origin ETD${day(-10)}`);
    expect(dates).toHaveTextContent('ATA—');

    const events = within(screen.getByRole('region', { name: 'Carrier events' })).getAllByRole('listitem');
    expect(events.map((entry) => entry.textContent)).toEqual([
      'Arrival (estimated)2026-12-02 06:00 (UTC+11:00) · AUMEL · Vessel MAERSK ESSEX',
      'Departure (actual)2026-11-20 08:30 (UTC+08:00) · CNSHA · Vessel MAERSK ESSEX',
    ]);

    // No session, no profile: nothing that would send the visitor to sign in.
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/Tracking/tok-1']);
    expect(screen.queryByRole('heading', { name: 'Log in to Quayside' })).toBeNull();
    expect(window.location.pathname).toBe('/track/tok-1');

    // Not for search engines, while the page is shown.
    expect(robotsMeta()).toHaveAttribute('content', 'noindex');
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    view.unmount();
    expect(robotsMeta()).toBeNull();
  });

  it('says a link not known or withdrawn is not valid', async () => {
    const { api } = openLink('tok-gone', () => new Answer(404, { message: 'Not found.' }));
    expect(await screen.findByText(TRACKING_LINK_GONE)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Milestones' })).toBeNull();
    // Asked once: a withdrawn link stays withdrawn.
    expect(api.callsTo('GET /api/Tracking/tok-gone')).toHaveLength(1);
    expect(api.calls.filter((call) => call.path.startsWith('/api/auth/'))).toHaveLength(0);
  });

  it('shows no carrier events in words when there are none', async () => {
    openLink('tok-2', () => ({ ...TRACKING, events: [] }));
    const events = await screen.findByRole('region', { name: 'Carrier events' });
    expect(within(events).getByText('No carrier events yet.')).toBeInTheDocument();
  });
});
