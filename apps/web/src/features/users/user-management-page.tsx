import PersonAddIcon from '@mui/icons-material/PersonAdd';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { Button, CircularProgress, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Person } from '@quayside/domain/people';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { PROFILE_REFRESH_FAILED, useProfile } from '../../lib/profile.tsx';
import { useSiteSettings } from '../../lib/site.ts';
import { RoleChip } from './user-chips.tsx';
import { AddUserDialog, DeleteUserDialog, EditUserDialog } from './user-dialogs.tsx';
import { companyOptions, matchesUserSearch } from './user-search.ts';
import { UserTable } from './user-table.tsx';
import { userListQuery } from './users-api.ts';

const NO_PEOPLE: Person[] = [];

type OpenDialog = { kind: 'add' } | { kind: 'edit'; person: Person } | { kind: 'delete'; person: Person } | null;

/** SPEC.md §2 'User management': Admins list, search, add, edit and delete people. */
export function UserManagementPage() {
  const { profile, refresh: refreshProfile } = useProfile();
  const { orgName } = useSiteSettings();
  const { notify } = useToast();
  const users = useQuery(userListQuery);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const people = users.data ?? NO_PEOPLE;
  const shownPeople = useMemo(() => people.filter((person) => matchesUserSearch(person, search)), [people, search]);
  const companies = useMemo(() => companyOptions(orgName, people), [orgName, people]);
  const takenEmails = useMemo(() => new Set(people.map((person) => person.email.toLowerCase())), [people]);

  const close = () => setDialog(null);
  const succeed = (message: string) => {
    close();
    notify({ type: 'success', message });
  };

  return (
    <Stack spacing={3}>
      <PageHeader role={profile?.role} onAdd={() => setDialog({ kind: 'add' })} />
      <UserSearchBox value={search} onChange={setSearch} />

      {users.isPending ? (
        <Paper variant="outlined" sx={{ p: 4 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>Loading users...</Typography>
          </Stack>
        </Paper>
      ) : users.isError && !users.data ? (
        <RetryAlert onRetry={() => void users.refetch()}>
          {failureMessage(users.error, 'Failed to load users. Please try again.')}
        </RetryAlert>
      ) : (
        <UserTable
          users={shownPeople}
          totalCount={people.length}
          onEdit={(person) => setDialog({ kind: 'edit', person })}
          onDelete={(person) => setDialog({ kind: 'delete', person })}
        />
      )}

      {dialog?.kind === 'add' ? (
        <AddUserDialog
          companies={companies}
          takenEmails={takenEmails}
          onClose={close}
          onSaved={() => succeed('User added successfully')}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditUserDialog
          person={dialog.person}
          companies={companies}
          onClose={close}
          onSaved={() => {
            succeed('User updated successfully');
            // Editing yourself changes what the sidebar and the permission checks read.
            if (dialog.person.email.toLowerCase() === profile?.email.toLowerCase()) void refreshProfile();
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteUserDialog
          person={dialog.person}
          onClose={close}
          onDeleted={() => succeed('User deleted successfully')}
        />
      ) : null}
    </Stack>
  );
}

function PageHeader({ role, onAdd }: { role: string | undefined; onAdd: () => void }) {
  const { refreshPermissions, isRefreshing } = useRefreshPermissions();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          User Management
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography color="text.secondary">Your role</Typography>
          <RoleChip role={role} />
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => void refreshPermissions()}
          disabled={isRefreshing}
        >
          Refresh Permissions
        </Button>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={onAdd}>
          Add User
        </Button>
      </Stack>
    </Stack>
  );
}

function UserSearchBox({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search users..."
        size="small"
        sx={{ flexGrow: 1, maxWidth: 480 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search users' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button onClick={() => onChange('')} disabled={value === ''}>
        Clear
      </Button>
    </Stack>
  );
}

/**
 * 'Refresh Permissions' re-reads the signed-in user's profile (SPEC.md §4). The profile's
 * refresh reports failure through its state rather than by throwing, so the outcome is read
 * once that state has been rendered.
 */
function useRefreshPermissions() {
  const { refresh, status, error } = useProfile();
  const { notify } = useToast();
  const [phase, setPhase] = useState<'idle' | 'refreshing' | 'done'>('idle');

  useEffect(() => {
    if (phase !== 'done') return;
    setPhase('idle');
    notify(
      status === 'error'
        ? { type: 'error', message: error ?? PROFILE_REFRESH_FAILED }
        : { type: 'success', message: 'Permissions refreshed' },
    );
  }, [phase, status, error, notify]);

  const refreshPermissions = async () => {
    setPhase('refreshing');
    try {
      await refresh();
    } finally {
      setPhase('done');
    }
  };
  return { refreshPermissions, isRefreshing: phase === 'refreshing' };
}
