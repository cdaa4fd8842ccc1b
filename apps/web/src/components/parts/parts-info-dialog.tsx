import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { DEFAULT_PART_UNIT } from '@quayside/domain/constants';
import type { LineItem } from '@quayside/domain/line-items';
import { NO_PARTS_TO_SAVE, SAVE_PARTS_FAILED } from '@quayside/domain/parts';
import { type FormEvent, type SyntheticEvent, useReducer, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { AddPartFields } from './add-part-fields.tsx';
import { checkAddPartForm, EMPTY_ADD_PART_FORM } from './add-part-form.ts';
import { celebrate } from './celebrate.ts';
import { formatQuantity, parseEditedQuantity, partsTotals } from './part-quantities.ts';
import { useSaveParts } from './parts-api.ts';
import { isQuantityInvalid, partsDraftReducer, partsToSave, startPartsDraft } from './parts-draft.ts';
import { NO_PARTS_TEXT } from './parts-text.ts';

const PARTS_SAVED = 'Part changes saved.';

type PartsInfoDialogProps = {
  po: string;
  shipment: string;
  parts: LineItem['parts'];
  canEdit: boolean;
  onClose: () => void;
  onSaved: (parts: LineItem['parts']) => void;
  /** Keeps events inside the dialog from reaching the table row it was opened from. */
  stopPropagation: (event: SyntheticEvent) => void;
};

/**
 * The dashboard's 'Parts Info' dialog (SPEC.md §2, §4): the line item's parts with editable
 * quantities, an add form that 'Add Parts' toggles, and 'Save Changes' while anything changed.
 * Mounted only while open, so closing it throws the draft and its changed flag away.
 */
export function PartsInfoDialog({
  po,
  shipment,
  parts,
  canEdit,
  onClose,
  onSaved,
  stopPropagation,
}: PartsInfoDialogProps) {
  const [draft, dispatch] = useReducer(partsDraftReducer, parts, startPartsDraft);
  const [isAdding, setIsAdding] = useState(false);
  const [addForm, setAddForm] = useState(EMPTY_ADD_PART_FORM);
  const [notice, setNotice] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);
  const save = useSaveParts();

  const addCheck = checkAddPartForm(
    addForm,
    draft.parts.map((part) => part.part_number),
  );
  const listToSave = partsToSave(draft);
  const totals = partsTotals(draft.parts.map((part) => ({ qty: parseEditedQuantity(part.quantity) })));

  const closeAddForm = () => {
    setIsAdding(false);
    setAddForm(EMPTY_ADD_PART_FORM);
  };

  const addPart = (event: FormEvent) => {
    event.preventDefault();
    // SPEC.md §5: an invalid quantity is silently ignored.
    if (!addCheck.part) return;
    dispatch({ type: 'add', part: addCheck.part });
    setNotice(null);
    closeAddForm();
  };

  const saveChanges = () => {
    if (!listToSave || save.isPending) return;
    if (listToSave.length === 0) {
      setNotice({ severity: 'error', text: NO_PARTS_TO_SAVE });
      return;
    }
    setNotice(null);
    save.mutate(
      {
        related_po_number: po,
        related_shipment: shipment,
        parts: listToSave,
        prev_part_numbers: draft.storedPartNumbers,
      },
      {
        onSuccess: (saved) => {
          dispatch({ type: 'saved', parts: saved });
          onSaved(saved.map(({ part_number, qty }) => ({ part_number, qty })));
          setNotice({ severity: 'success', text: PARTS_SAVED });
          celebrate();
          markDataChanged();
        },
        // The draft stays as it was, still changed, so the user can try again.
        // The server's refusal says what to do (the parts changed elsewhere: refresh); else the spec's line.
        onError: (error) => setNotice({ severity: 'error', text: failureMessage(error, SAVE_PARTS_FAILED) }),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      onClick={stopPropagation}
      onKeyDown={stopPropagation}
    >
      <DialogTitle>Parts Info</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
            <Typography>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                PO #:{' '}
              </Box>
              <strong>{po}</strong>
            </Typography>
            <Typography>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                Shipment:{' '}
              </Box>
              {shipment}
            </Typography>
          </Stack>

          {notice ? (
            <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
              {notice.text}
            </Alert>
          ) : null}

          {canEdit ? (
            <Box>
              <Button
                variant="outlined"
                size="small"
                startIcon={<AddIcon />}
                aria-expanded={isAdding}
                onClick={() => (isAdding ? closeAddForm() : setIsAdding(true))}
                disabled={save.isPending}
              >
                Add Parts
              </Button>
            </Box>
          ) : null}

          {canEdit && isAdding ? (
            <Box
              component="form"
              noValidate
              onSubmit={addPart}
              aria-label="Add a part"
              sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <AddPartFields form={addForm} check={addCheck} onChange={setAddForm} />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
                <Button onClick={closeAddForm}>Cancel</Button>
                <Button type="submit" variant="contained" disabled={!addCheck.canAdd}>
                  Add
                </Button>
              </Stack>
            </Box>
          ) : null}

          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" aria-label={`Parts of PO ${po}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Part Number</TableCell>
                  <TableCell>Quantity</TableCell>
                  <TableCell>Unit</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {canEdit
                  ? draft.parts.map((part) => (
                      <TableRow key={part.part_number}>
                        <TableCell sx={{ wordBreak: 'break-word' }}>{part.part_number}</TableCell>
                        <TableCell>
                          <TextField
                            type="number"
                            size="small"
                            value={part.quantity}
                            disabled={save.isPending}
                            error={isQuantityInvalid(part.quantity)}
                            onChange={(event) => {
                              dispatch({
                                type: 'set-quantity',
                                partNumber: part.part_number,
                                quantity: event.target.value,
                              });
                              setNotice(null);
                            }}
                            slotProps={{
                              htmlInput: {
                                'aria-label': `Quantity of ${part.part_number}`,
                                min: 0,
                                step: 1,
                                inputMode: 'numeric',
                              },
                            }}
                            sx={{ width: 120 }}
                          />
                        </TableCell>
                        <TableCell>{DEFAULT_PART_UNIT}</TableCell>
                      </TableRow>
                    ))
                  : // Read-only: the stored values, a dash where no quantity was recorded.
                    parts.map((part) => (
                      <TableRow key={part.part_number}>
                        <TableCell sx={{ wordBreak: 'break-word' }}>{part.part_number}</TableCell>
                        <TableCell>{formatQuantity(part.qty)}</TableCell>
                        <TableCell>{DEFAULT_PART_UNIT}</TableCell>
                      </TableRow>
                    ))}
                {draft.parts.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={3} sx={{ textAlign: 'center', color: 'text.secondary', py: 3 }}>
                      {NO_PARTS_TEXT}
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={3} sx={{ color: 'text.primary' }}>
                    <Stack direction="row" spacing={3}>
                      <span>Total Parts: {totals.totalParts}</span>
                      <span>Total Quantity: {totals.totalQuantity}</span>
                    </Stack>
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Close
        </Button>
        {canEdit && draft.isDirty ? (
          <Button variant="contained" onClick={saveChanges} disabled={!listToSave || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
