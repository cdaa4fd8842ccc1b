import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type Part, UPDATE_PART_FAILED } from '@quayside/domain/parts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import { CardList, InfoCard } from '../card-list.tsx';
import { AddPartDialog } from './add-part-dialog.tsx';
import { DeletePartDialog } from './delete-part-dialog.tsx';
import { formatQuantity, parseEditedQuantity, partsTotals } from './part-quantities.ts';
import { partsQuery, useUpdatePartQuantity } from './parts-api.ts';
import { LOAD_PARTS_FAILED, NO_PARTS_TEXT } from './parts-text.ts';

const COLUMNS = ['Part Number', 'Quantity', 'PO Number', 'Shipment'] as const;

type PanelProps = { po: string; shipment: string; canEdit: boolean };

/**
 * The line-item detail's Parts tab (SPEC.md §2 'Line-item detail', §5 'Parts'): the parts table
 * with quantity edit and delete, the totals and the Add Parts form. Without `canEdit` it only
 * shows the parts (the server refuses changes from read-only roles anyway).
 */
export function LineItemPartsPanel(props: PanelProps) {
  // Another line item starts afresh: no edit or dialog carries over.
  return <PartsPanel key={JSON.stringify([props.shipment, props.po])} {...props} />;
}

function PartsPanel({ po, shipment, canEdit }: PanelProps) {
  const partsList = useQuery(partsQuery({ po, shipment }));
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<{ partNumber: string; quantity: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const updateQuantity = useUpdatePartQuantity();
  const isPhone = useMediaQuery(PHONE_QUERY);

  const parts = partsList.data ?? [];
  const partNumbers = parts.map((part) => part.part_number);
  const totals = partsTotals(parts);
  const columnCount = COLUMNS.length + (canEdit ? 1 : 0);

  const startEditing = (part: Part) => {
    updateQuantity.reset();
    setEditing({ partNumber: part.part_number, quantity: part.qty === null ? '' : String(part.qty) });
  };

  const saveQuantity = (event: FormEvent) => {
    event.preventDefault();
    const qty = editing ? parseEditedQuantity(editing.quantity) : null;
    if (!editing || qty === null || updateQuantity.isPending) return;
    updateQuantity.mutate(
      { lineItem: { po, shipment }, partNumber: editing.partNumber, qty },
      {
        onSuccess: () => {
          setEditing(null);
          markDataChanged();
        },
      },
    );
  };

  const quantityOf = (part: Part) =>
    editing?.partNumber === part.part_number ? (
      <QuantityEditor
        partNumber={part.part_number}
        quantity={editing.quantity}
        isSaving={updateQuantity.isPending}
        onChange={(quantity) => setEditing({ ...editing, quantity })}
        onSubmit={saveQuantity}
        onCancel={() => {
          setEditing(null);
          updateQuantity.reset();
        }}
      />
    ) : (
      formatQuantity(part.qty)
    );
  const actionsOf = (part: Part) => (
    <>
      <Tooltip title="Edit quantity" describeChild>
        <span>
          <IconButton
            size="small"
            aria-label={`Edit quantity of ${part.part_number}`}
            disabled={editing?.partNumber === part.part_number || updateQuantity.isPending}
            onClick={() => startEditing(part)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Delete part" describeChild>
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={`Delete part ${part.part_number}`}
            disabled={updateQuantity.isPending}
            onClick={() => setDeleting(part.part_number)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
  const totalsLine = (
    <Stack direction="row" spacing={3}>
      <span>Total Parts: {totals.totalParts}</span>
      <span>Total Quantity: {totals.totalQuantity}</span>
    </Stack>
  );

  if (partsList.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading parts" />
      </Box>
    );
  }
  if (partsList.isError) {
    return <Alert severity="error">{failureMessage(partsList.error, LOAD_PARTS_FAILED)}</Alert>;
  }

  return (
    <Stack spacing={2}>
      {canEdit ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
            Add Parts
          </Button>
        </Stack>
      ) : null}
      {updateQuantity.isError ? <Alert severity="error">{UPDATE_PART_FAILED}</Alert> : null}
      {isPhone ? (
        // A card per part on a phone: the part number whole, its values labelled, its actions under them.
        <>
          <CardList label={`Parts of PO ${po}`} isEmpty={parts.length === 0} emptyText={NO_PARTS_TEXT}>
            {parts.map((part) => (
              <InfoCard
                key={part.part_number}
                title={part.part_number}
                fields={[
                  { label: 'Quantity', value: quantityOf(part) },
                  { label: 'PO Number', value: part.related_po_number },
                  { label: 'Shipment', value: part.related_shipment },
                ]}
                actions={canEdit ? actionsOf(part) : undefined}
              />
            ))}
          </CardList>
          <Typography component="div" variant="body2">
            {totalsLine}
          </Typography>
        </>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={`Parts of PO ${po}`}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
                {canEdit ? <TableCell align="right">Actions</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {parts.map((part) => (
                <TableRow key={part.part_number} hover>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{part.part_number}</TableCell>
                  <TableCell>{quantityOf(part)}</TableCell>
                  <TableCell>{part.related_po_number}</TableCell>
                  <TableCell>{part.related_shipment}</TableCell>
                  {canEdit ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actionsOf(part)}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
              {parts.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columnCount} sx={{ textAlign: 'center', color: 'text.secondary', py: 4 }}>
                    {NO_PARTS_TEXT}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={columnCount} sx={{ color: 'text.primary' }}>
                  {totalsLine}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}

      {isAdding ? (
        <AddPartDialog po={po} shipment={shipment} listedPartNumbers={partNumbers} onClose={() => setIsAdding(false)} />
      ) : null}
      {deleting !== null ? (
        <DeletePartDialog
          po={po}
          shipment={shipment}
          partNumber={deleting}
          listedPartNumbers={partNumbers}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}

type QuantityEditorProps = {
  partNumber: string;
  quantity: string;
  isSaving: boolean;
  onChange: (quantity: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
};

/** SPEC.md §5 'Part quantity edit': a whole number from 0; Save is disabled while it is not one. */
function QuantityEditor({ partNumber, quantity, isSaving, onChange, onSubmit, onCancel }: QuantityEditorProps) {
  const isValid = parseEditedQuantity(quantity) !== null;
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center' }}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
    >
      <TextField
        type="number"
        size="small"
        autoFocus
        value={quantity}
        disabled={isSaving}
        error={!isValid}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': `Quantity of ${partNumber}`, min: 0, step: 1, inputMode: 'numeric' },
        }}
        sx={{ width: 110 }}
      />
      <Button type="submit" size="small" variant="contained" disabled={!isValid || isSaving}>
        {isSaving ? 'Saving...' : 'Save'}
      </Button>
      <Button size="small" onClick={onCancel} disabled={isSaving}>
        Cancel
      </Button>
    </Stack>
  );
}
