import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { PAGE_SIZES, type PageSize } from '@quayside/domain/constants';
import type { SupplierContact } from '@quayside/domain/suppliers';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Pagination } from '../../components/pagination.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { pageCountOf } from '../../lib/paging.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { AutoApprovalSetting } from './auto-approval-setting.tsx';
import { InviteContactDialog } from './invite-contact-dialog.tsx';
import { RemoveContactDialog } from './remove-contact-dialog.tsx';
import { SupplierTable } from './supplier-table.tsx';
import { supplierListQuery, supplierSettingsQuery } from './suppliers-api.ts';

/** Typing asks the server once it pauses this long. */
const SEARCH_DELAY_MS = 300;
const LOAD_FAILED = 'Failed to load the suppliers. Please try again.';

type OpenDialog =
  | { kind: 'invite'; supplier: string }
  | { kind: 'remove'; supplier: string; contact: SupplierContact }
  | null;

/** `/suppliers` (Admin): each supplier's purchase orders and contacts, inviting and removing contacts, and automatic approval. */
export function SuppliersPage() {
  const { notify } = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(PAGE_SIZES[0]);
  const list = useQuery(supplierListQuery({ q, page, pageSize }));

  const data = list.data;
  const pageCount = data ? pageCountOf(data.total, data.pageSize) : 1;
  const names = useMemo(() => data?.suppliers.map((supplier) => supplier.name) ?? [], [data]);
  const done = (message: string) => {
    setDialog(null);
    notify({ type: 'success', message });
  };

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Stack spacing={0.5}>
          <Typography variant="h4" component="h1">
            Suppliers
          </Typography>
          <Typography color="text.secondary">
            The companies your purchase orders name as supplier. Their contacts sign in to confirm purchase orders or
            propose changes to them.
          </Typography>
        </Stack>
        <Box sx={{ flexShrink: 0 }}>
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setDialog({ kind: 'invite', supplier: '' })}
          >
            Invite contact
          </Button>
        </Box>
      </Stack>

      <TextField
        type="search"
        size="small"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          // Another search starts at its first page.
          setPage(1);
        }}
        placeholder="Supplier, contact name or e-mail"
        sx={{ width: { xs: '100%', sm: 360 } }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search suppliers' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />

      {list.isPending ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading suppliers" />
        </Box>
      ) : data === undefined ? (
        <RetryAlert onRetry={() => void list.refetch()}>{failureMessage(list.error, LOAD_FAILED)}</RetryAlert>
      ) : (
        <Stack spacing={1.5}>
          {list.isError ? (
            <RetryAlert onRetry={() => void list.refetch()}>{failureMessage(list.error, LOAD_FAILED)}</RetryAlert>
          ) : null}
          <Box sx={{ height: 4 }}>
            {list.isPlaceholderData ? <LinearProgress aria-label="Loading suppliers" /> : null}
          </Box>
          <SupplierTable
            suppliers={data.suppliers}
            empty={
              <Typography color="text.secondary">
                {q === ''
                  ? 'No suppliers yet: they appear with the purchase orders naming them.'
                  : 'No suppliers match'}
              </Typography>
            }
            onInvite={(supplier) => setDialog({ kind: 'invite', supplier })}
            onRemove={(supplier, contact) => setDialog({ kind: 'remove', supplier, contact })}
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography variant="body2" color="text.secondary">
              {`${data.total} ${data.total === 1 ? 'supplier' : 'suppliers'}`}
            </Typography>
            <Pagination
              page={page}
              pageCount={pageCount}
              isPageCountExact
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </Stack>
        </Stack>
      )}

      <AutoApproval />

      {dialog?.kind === 'invite' ? (
        <InviteContactDialog
          supplier={dialog.supplier}
          suppliers={names}
          onClose={() => setDialog(null)}
          onInvited={done}
        />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveContactDialog
          supplier={dialog.supplier}
          contact={dialog.contact}
          onClose={() => setDialog(null)}
          onRemoved={done}
        />
      ) : null}
    </Stack>
  );
}

function AutoApproval() {
  const settings = useQuery(supplierSettingsQuery());
  return (
    <Paper variant="outlined" component="section" aria-labelledby="automatic-approval" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography variant="h6" component="h2" id="automatic-approval">
            Automatic approval
          </Typography>
          <Typography color="text.secondary">
            A supplier's proposal that only moves cargo-ready dates, each by at most this many days, is approved at
            once. Quantities and splits always wait for an Admin.
          </Typography>
        </Stack>
        {settings.isPending ? (
          <CircularProgress size={24} aria-label="Loading the automatic approval" />
        ) : settings.isError ? (
          <Alert severity="error">Failed to load the automatic approval. Please try again.</Alert>
        ) : (
          <AutoApprovalSetting saved={settings.data} />
        )}
      </Stack>
    </Paper>
  );
}
