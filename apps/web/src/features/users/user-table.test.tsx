import type { Person } from '@quayside/domain/people';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { atPhoneWidth } from '../../testing/phone-width.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { UserTable } from './user-table.tsx';

const people: Person[] = [
  {
    id: 1,
    full_name: 'Ada Admin',
    email: 'ada@napco.example',
    role: 'Admin',
    company_name: 'NAPCO',
    department: '',
    fireauth_id: 'auth-1',
    status: 'Active',
  },
  {
    id: 2,
    full_name: 'Fred Forwarder',
    email: 'fred@blue.example',
    role: 'Forwarder',
    company_name: 'Blue Freight',
    department: '',
    fireauth_id: '',
    status: 'Inactive',
  },
];

describe('the users list on a phone', () => {
  it('is a card per person with Email, Role, Company, Status and the Edit and Delete actions', async () => {
    atPhoneWidth();
    renderScreen(<UserTable users={people} totalCount={3} onEdit={() => {}} onDelete={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).toBeNull();
    const fred = within(within(list).getAllByRole('listitem')[1] as HTMLElement);
    expect(fred.getByText('Fred Forwarder')).toBeInTheDocument();
    expect(fred.getAllByRole('term').map((label) => label.textContent)).toEqual(['Email', 'Role', 'Company', 'Status']);
    expect(fred.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'fred@blue.example',
      'Forwarder',
      'Blue Freight',
      'Inactive',
    ]);
    expect(fred.getByRole('button', { name: 'Edit fred@blue.example' })).toBeInTheDocument();
    expect(fred.getByRole('button', { name: 'Delete fred@blue.example' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3 users')).toBeInTheDocument();
  });
});
