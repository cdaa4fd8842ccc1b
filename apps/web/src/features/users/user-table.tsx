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
} from '@mui/material';
import type { Person } from '@quayside/domain/people';
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
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
        {`Showing ${users.length} of ${totalCount} users`}
      </Typography>
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
        <IconButton size="small" aria-label={`Edit ${person.email}`} onClick={() => onEdit(person)}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" color="error" aria-label={`Delete ${person.email}`} onClick={() => onDelete(person)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

function EmptyRow() {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS.length}>
        <Stack spacing={0.5} sx={{ py: 4, alignItems: 'center' }}>
          <Typography variant="subtitle1">No users found</Typography>
          <Typography variant="body2" color="text.secondary">
            Try adjusting your search criteria
          </Typography>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
