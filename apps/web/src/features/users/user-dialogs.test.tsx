import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { ADMIN, renderScreen } from '../../testing/render-screen.tsx';
import { AddUserDialog } from './user-dialogs.tsx';

describe('Add User', () => {
  it('says at the field that an e-mail is not valid when Create User is pressed, and sends nothing', async () => {
    const onSaved = vi.fn();
    const api = renderScreen(
      <AddUserDialog companies={[]} takenEmails={new Set()} onClose={() => {}} onSaved={onSaved} />,
      { user: ADMIN, api: { 'POST /api/Peoples': (call: ApiCall) => ({ peoples: call.body }) } },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await userEvent.type(screen.getByLabelText('Full Name'), 'Addie Added');
    await userEvent.type(screen.getByLabelText('Email'), 'addie.example.com');
    // Still in the field: the message waits until the user leaves it or asks to save.
    expect(screen.queryByText('Enter a valid e-mail address.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    await waitFor(() => expect(email).toHaveFocus());
    expect(api.callsTo('POST /api/Peoples')).toHaveLength(0);
    expect(dialog).toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, 'addie@example.com');
    expect(screen.queryByText('Enter a valid e-mail address.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('POST /api/Peoples')[0]?.body).toEqual([
      { full_name: 'Addie Added', email: 'addie@example.com', role: 'Employee', company_name: '' },
    ]);
  });
});
