import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { ADMIN, renderScreen } from '../../testing/render-screen.tsx';
import { ExceptionRulesPage } from './exception-rules-page.tsx';

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
});
