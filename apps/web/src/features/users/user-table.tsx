import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Person } from '@quayside/domain/people';
import { CardList, InfoCard } from '../../components/card-list.tsx';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import { RoleChip, StatusChip } from './user-chips.tsx';

const COLUMNS = ['Name', 'Email', 'Role', 'Company', 'Status', 'Actions'] as const;

type UserTableProps = {
  /** The people that pass the search. */
  users: readonly Person[];
  /** How many people there are before the search. */
  totalCount: number;
  onEdit: (person: Person) => void;
  onDelete: (person: Person) => void;
};

/** SPEC.md §2 'User management': the people list with its edit and delete actions. */
export function UserTable({ users, totalCount, onEdit, onDelete }: UserTableProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const footer = (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
      {`Showing ${users.length} of ${totalCount} users`}
    </Typography>
  );
  if (isPhone) {
    // A card per person, named by its name: every other column (Role, Status, the actions) in the screen's width.
    return (
      <Stack>
        <CardList label="Users" isEmpty={users.length === 0} emptyText={<NoUsers />}>
          {users.map((person) => (
            <InfoCard
              key={person.id}
              title={person.full_name || person.email}
              fields={[
                { label: 'Email', value: person.email },
                { label: 'Role', value: <RoleChip role={person.role} /> },
                { label: 'Company', value: person.company_name },
                { label: 'Status', value: <StatusChip status={person.status} /> },
              ]}
              actions={<UserActions person={person} onEdit={onEdit} onDelete={onDelete} />}
            />
          ))}
        </CardList>
        {footer}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Users" size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} align={column === 'Actions' ? 'right' : 'left'}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {users.length === 0 ? (
              <EmptyRow />
            ) : (
              users.map((person) => <UserRow key={person.id} person={person} onEdit={onEdit} onDelete={onDelete} />)
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}

function UserRow({ person, onEdit, onDelete }: { person: Person } & Pick<UserTableProps, 'onEdit' | 'onDelete'>) {
  return (
    <TableRow hover>
      <TableCell>{person.full_name}</TableCell>
      <TableCell>{person.email}</TableCell>
      <TableCell>
        <RoleChip role={person.role} />
      </TableCell>
      <TableCell>{person.company_name}</TableCell>
      <TableCell>
        <StatusChip status={person.status} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <UserActions person={person} onEdit={onEdit} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

function UserActions({ person, onEdit, onDelete }: { person: Person } & Pick<UserTableProps, 'onEdit' | 'onDelete'>) {
  return (
    <>
      <IconButton size="small" aria-label={`Edit ${person.email}`} onClick={() => onEdit(person)}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" color="error" aria-label={`Delete ${person.email}`} onClick={() => onDelete(person)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </>
  );
}

function NoUsers() {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="subtitle1">No users found</Typography>
      <Typography variant="body2" color="text.secondary">
        Try adjusting your search criteria
      </Typography>
    </Stack>
  );
}

function EmptyRow() {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS.length} sx={{ py: 4 }}>
        <NoUsers />
      </TableCell>
    </TableRow>
  );
}
