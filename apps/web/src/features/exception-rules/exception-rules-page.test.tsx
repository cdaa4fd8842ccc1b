import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { ADMIN, renderScreen } from '../../testing/render-screen.tsx';
import { ExceptionRulesPage } from './exception-rules-page.tsx';
import { GRACE_SAVED } from './grace-setting.tsx';

const settings = {
  etaSlipDays: 3,
  checklist: [
    { mode: '*', documentType: 'Commercial Invoice', after: 'atd' },
    { mode: 'AIR', documentType: 'Airway Bill', after: 'atd' },
  ],
};

describe('the exception rules', () => {
  it('change the ETA slip threshold and the checklist, and save them whole', async () => {
    const api = renderScreen(<ExceptionRulesPage />, {
      user: ADMIN,
      at: '/exception-rules',
      route: '/exception-rules',
      api: {
        'GET /api/Exceptions/settings': () => settings,
        'POST /api/Exceptions/settings': (call: ApiCall) => call.body,
        'GET /api/Analytics/settings': () => ({ onTimeGraceDays: 1 }),
      },
    });
    const days = await screen.findByRole('spinbutton', { name: /ETA slipped after/ });
    await userEvent.clear(days);
    await userEvent.type(days, '5');
    const table = screen.getByRole('table', { name: 'Required documents' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(within(table).getByRole('button', { name: 'Remove Airway Bill for AIR' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a required document' }));
    const added = within(table).getAllByRole('row')[2] as HTMLElement;
    await userEvent.click(within(added).getByRole('combobox', { name: 'Document type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Proof of Delivery' }));
    await userEvent.click(within(added).getByRole('combobox', { name: 'Required after' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Act Delivery' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/Exceptions/settings')[0]?.body).toEqual({
        etaSlipDays: 5,
        checklist: [
          { mode: '*', documentType: 'Commercial Invoice', after: 'atd' },
          { mode: '*', documentType: 'Proof of Delivery', after: 'act_delivery' },
        ],
      }),
    );
    expect(await screen.findByText('Saved: exceptions now follow these rules.')).toBeInTheDocument();
  });

  it('hold the Analytics on-time grace, with the other rules an Admin sets', async () => {
    const api = renderScreen(<ExceptionRulesPage />, {
      user: ADMIN,
      at: '/exception-rules',
      route: '/exception-rules',
      api: {
        'GET /api/Exceptions/settings': () => settings,
        'GET /api/Analytics/settings': () => ({ onTimeGraceDays: 1 }),
        'POST /api/Analytics/settings': (call: ApiCall) => call.body,
      },
    });
    const section = await screen.findByRole('region', { name: 'On-time grace' });
    const grace = await within(section).findByRole('spinbutton', { name: 'On-time grace (days)' });
    expect(grace).toHaveValue(1);
    await userEvent.clear(grace);
    await userEvent.type(grace, '31');
    expect(within(section).getByText('The grace may be at most 30 days.')).toBeInTheDocument();
    await userEvent.clear(grace);
    await userEvent.type(grace, '2');
    await userEvent.click(within(section).getByRole('button', { name: 'Save grace' }));
    expect(await within(section).findByText(GRACE_SAVED)).toBeInTheDocument();
    expect(api.callsTo('POST /api/Analytics/settings')[0]?.body).toEqual({ onTimeGraceDays: 2 });
  });
});
