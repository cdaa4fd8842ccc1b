import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Box,
  Button,
  Chip,
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
import type { Supplier, SupplierContact } from '@quayside/domain/suppliers';
import type { ReactNode } from 'react';
import { CardList, InfoCard } from '../../components/card-list.tsx';
import { PHONE_QUERY } from '../../lib/screen-width.ts';

const COLUMNS = ['Supplier', 'POs', 'Open', 'Awaiting confirmation', 'Proposals waiting', 'Contacts'] as const;

type SupplierTableProps = {
  suppliers: readonly Supplier[];
  /** Shown instead of rows when there are none. */
  empty: ReactNode;
  onInvite: (supplier: string) => void;
  onRemove: (supplier: string, contact: SupplierContact) => void;
};

/** The suppliers with their purchase orders' counts and their contacts. */
export function SupplierTable({ suppliers, empty, onInvite, onRemove }: SupplierTableProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (isPhone) {
    return (
      <CardList label="Suppliers" isEmpty={suppliers.length === 0} emptyText={empty}>
        {suppliers.map((supplier) => (
          <InfoCard
            key={supplier.name}
            title={supplier.name}
            fields={[
              { label: 'POs', value: supplier.purchase_orders },
              { label: 'Open', value: supplier.open_purchase_orders },
              { label: 'Awaiting confirmation', value: supplier.awaiting_confirmation },
              { label: 'Proposals waiting', value: supplier.pending_proposals },
              { label: 'Contacts', value: <Contacts supplier={supplier} onRemove={onRemove} /> },
            ]}
            actions={<InviteButton supplier={supplier.name} onInvite={onInvite} />}
          />
        ))}
      </CardList>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Suppliers" size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} align={column === 'Supplier' || column === 'Contacts' ? 'left' : 'right'}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {suppliers.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center' }}>
                  {empty}
                </TableCell>
              </TableRow>
            ) : (
              suppliers.map((supplier) => (
                <TableRow key={supplier.name} hover sx={{ verticalAlign: 'top' }}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {supplier.name}
                  </TableCell>
                  <TableCell align="right">{supplier.purchase_orders}</TableCell>
                  <TableCell align="right">{supplier.open_purchase_orders}</TableCell>
                  <TableCell align="right">{supplier.awaiting_confirmation}</TableCell>
                  <TableCell align="right">{supplier.pending_proposals}</TableCell>
                  <TableCell>
                    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                      <Contacts supplier={supplier} onRemove={onRemove} />
                      <InviteButton supplier={supplier.name} onInvite={onInvite} />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function Contacts({ supplier, onRemove }: { supplier: Supplier } & Pick<SupplierTableProps, 'onRemove'>) {
  if (supplier.contacts.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No contacts yet
      </Typography>
    );
  return (
    <Stack
      component="ul"
      aria-label={`Contacts of ${supplier.name}`}
      spacing={0.75}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {supplier.contacts.map((contact) => (
        <Stack
          component="li"
          key={contact.id}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{contact.full_name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {contact.email}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={contact.status}
            color={contact.status === 'Active' ? 'success' : 'default'}
            variant={contact.status === 'Active' ? 'filled' : 'outlined'}
            // Inactive: invited, not registered yet.
            title={contact.status === 'Active' ? 'Registered' : 'Invited, not registered yet'}
          />
          <Button
            size="small"
            color="error"
            aria-label={`Remove ${contact.email}`}
            onClick={() => onRemove(supplier.name, contact)}
          >
            Remove
          </Button>
        </Stack>
      ))}
    </Stack>
  );
}

function InviteButton({ supplier, onInvite }: { supplier: string; onInvite: (supplier: string) => void }) {
  return (
    <Button
      size="small"
      startIcon={<PersonAddIcon fontSize="small" />}
      aria-label={`Invite contact for ${supplier}`}
      onClick={() => onInvite(supplier)}
    >
      Invite contact
    </Button>
  );
}
