import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { SAVE_PARTS_FAILED } from '@quayside/domain/parts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { AddPartFields } from './add-part-fields.tsx';
import { checkAddPartForm, EMPTY_ADD_PART_FORM } from './add-part-form.ts';
import { useAddPart } from './parts-api.ts';

type AddPartDialogProps = {
  po: string;
  shipment: string;
  listedPartNumbers: readonly string[];
  onClose: () => void;
};

/**
 * The line-item Parts tab's add form (SPEC.md §2, §5), adding one part with `addPart`.
 * Mounted only while open, so it starts empty each time.
 */
export function AddPartDialog({ po, shipment, listedPartNumbers, onClose }: AddPartDialogProps) {
  const [form, setForm] = useState(EMPTY_ADD_PART_FORM);
  const add = useAddPart();
  const check = checkAddPartForm(form, listedPartNumbers);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC.md §5: an invalid quantity is silently ignored.
    if (!check.part || add.isPending) return;
    add.mutate(
      { ...check.part, related_po_number: po, related_shipment: shipment },
      {
        onSuccess: () => {
          markDataChanged();
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>Add Parts</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {add.isError ? <Alert severity="error">{failureMessage(add.error, SAVE_PARTS_FAILED)}</Alert> : null}
            <AddPartFields
              form={form}
              check={check}
              disabled={add.isPending}
              onChange={(next) => {
                setForm(next);
                add.reset();
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!check.canAdd || add.isPending}>
            {add.isPending ? 'Adding...' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
