import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import type { View, ViewRequest } from '@quayside/domain/views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useToast } from '../../../components/toast.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { viewKeys } from '../../../lib/query-keys.ts';
import { createView, updateView } from './views-api.ts';

export type SaveViewDialogProps = {
  /** The dashboard's query, columns and density (named-view.ts). */
  current: Omit<ViewRequest, 'name' | 'shared'>;
  /** 'Share with staff', or with the forwarder's own company. */
  shareLabel: string;
  /** The user's own views: saving under one's name replaces it. */
  mine: readonly View[];
  onClose: () => void;
};

const MAX_NAME = 100;
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** 'Save view': the dashboard as it is, under a name, private or shared. */
export function SaveViewDialog({ current, shareLabel, mine, onClose }: SaveViewDialogProps) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const replaced = mine.find((view) => sameName(view.name, name));
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const save = useMutation({
    mutationFn: () => {
      const body: ViewRequest = { ...current, name: name.trim(), shared };
      return replaced ? updateView(replaced.id, body) : createView(body);
    },
    onSuccess: (view) => {
      void queryClient.invalidateQueries({ queryKey: viewKeys.all });
      notify({ type: 'success', message: `View “${view.name}” saved.` });
      onClose();
    },
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <DialogTitle id={titleId}>Save view</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: MAX_NAME } }}
              helperText={replaced ? `Replaces your view “${replaced.name}”.` : ' '}
            />
            <FormControlLabel
              control={<Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />}
              label={shareLabel}
            />
            {save.isError ? (
              <Alert severity="error">{failureMessage(save.error, 'The view could not be saved.')}</Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={name.trim() === '' || save.isPending}>
            {replaced ? 'Replace view' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
