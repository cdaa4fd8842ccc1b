import { Chip } from '@mui/material';
import { amber, blue, grey, purple, teal } from '@mui/material/colors';
import type { Person } from '@quayside/domain/people';

// SPEC.md §1: only these four roles are shown, Manager being display-only. Any other role
// name (e.g. a legacy value in old data) shows nothing rather than a raw, unexplained word.
// Fixed shades rather than the theme's info/warning colours, whose white text fails WCAG contrast.
const ROLE_COLOURS: Record<string, { bgcolor: string; color: string }> = {
  Admin: { bgcolor: purple[700], color: '#fff' },
  Employee: { bgcolor: blue[800], color: '#fff' },
  Forwarder: { bgcolor: teal[800], color: '#fff' },
  Manager: { bgcolor: amber[300], color: grey[900] },
};

/** The role name when it is one the product shows, else null. */
export function displayedRole(role: string | undefined): string | null {
  return role !== undefined && Object.hasOwn(ROLE_COLOURS, role) ? role : null;
}

export function RoleChip({ role }: { role: string | undefined }) {
  const shown = displayedRole(role);
  if (!shown) return null;
  return <Chip size="small" label={shown} sx={ROLE_COLOURS[shown]} />;
}

export function StatusChip({ status }: { status: Person['status'] }) {
  return (
    <Chip
      size="small"
      label={status}
      color={status === 'Active' ? 'success' : 'default'}
      variant={status === 'Active' ? 'filled' : 'outlined'}
    />
  );
}
