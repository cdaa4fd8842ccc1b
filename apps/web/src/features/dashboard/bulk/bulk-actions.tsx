import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import type { BulkAction, LineItemBulkResponse } from '@quayside/domain/line-item-bulk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { call, callStream, failureMessage } from '../../../lib/api.ts';
import { lineItemKeys } from '../../../lib/query-keys.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { formatCount } from '../format-count.ts';
import type { LineItemCountParams } from '../views/table-view.ts';
import { downloadLineItemsCsv, type ExportParams, fileNameFromDisposition } from './export-csv.ts';
import { type RowSelection, selectedCount } from './row-selection.ts';

type BulkActionsProps = {
  selection: RowSelection;
  /** How many rows match the query (exact): 'all matching' acts on this many, less those unticked. */
  matching: number;
  /** Which rows match: what 'all matching' sends instead of their ids. */
  query: LineItemCountParams;
  /** The export's query (the sort and report in force). */
  exportParams: ExportParams;
  /** Hide, unhide and 'Valid PO #' (staff who edit); delete (anyone who edits). */
  canHide: boolean;
  canDelete: boolean;
  onDone: () => void;
};

const lineItems = (n: number) => `${formatCount(n)} line item${n === 1 ? '' : 's'}`;

const FAILED = 'The change failed. Nothing was changed.';

const DONE: Record<BulkAction, string> = {
  hide: 'Hidden',
  unhide: 'Shown again',
  validPo: "Marked 'Valid PO #'",
  invalidPo: "'Valid PO #' cleared",
  delete: 'Deleted',
};

/** What the chosen rows are, for `changeLineItems`: their ids, or the query and the count confirmed. */
function selectionBody(selection: RowSelection, query: LineItemCountParams, matching: number) {
  if (selection.kind === 'ids') return { ids: [...selection.ids] };
  return { query, except: [...selection.except], expected: selectedCount(selection, matching) };
}

/**
 * The actions on the rows chosen on the dashboard: export them, hide or unhide them, set
 * 'Valid PO #', delete them after one confirmation. The server applies each in one transaction
 * and lists the rows it refused, which are shown with their reasons.
 */
export function BulkActions({
  selection,
  matching,
  query,
  exportParams,
  canHide,
  canDelete,
  onDone,
}: BulkActionsProps) {
  const chosen = selectedCount(selection, matching);
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [refusals, setRefusals] = useState<LineItemBulkResponse | null>(null);

  const act = useMutation({
    mutationFn: (action: BulkAction) =>
      call('changeLineItems', { body: { action, selection: selectionBody(selection, query, matching) } }),
    onSuccess: (answer, action) => {
      void queryClient.invalidateQueries({ queryKey: lineItemKeys.all });
      const unchanged = answer.unchanged > 0 ? ` ${lineItems(answer.unchanged)} already were.` : '';
      notify({ type: 'success', message: `${DONE[action]}: ${lineItems(answer.changed)}.${unchanged}` });
      if (answer.refusedCount > 0) setRefusals(answer);
      onDone();
    },
    onError: (error) =>
      notify({ type: 'error', message: failureMessage(error, 'The change failed. Nothing was changed.') }),
  });

  const exportRows = useMutation({
    mutationFn: async () => {
      if (selection.kind === 'all') {
        await downloadLineItemsCsv(exportParams, { signal: new AbortController().signal, onRows: () => undefined });
        return;
      }
      const { report, sort } = exportParams;
      const response = await callStream('exportSelectedLineItems', 'text/csv', {
        body: { ids: [...selection.ids], report, ...(sort ? { sort } : {}) },
      });
      const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? 'line-items.csv';
      saveFile(await response.blob(), name);
    },
    onError: (error) => notify({ type: 'error', message: failureMessage(error, 'Export failed. Please try again.') }),
  });
  // 'All matching' exports through the dashboard's export, which knows no unticked rows.
  const canExport = selection.kind === 'ids' || selection.except.length === 0;
  const isBusy = act.isPending || exportRows.isPending;

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={!canExport || isBusy}
        title={canExport ? undefined : 'Export takes the rows ticked, or all the matches: tick the rows again'}
        onClick={() => exportRows.mutate()}
      >
        Export selected
      </Button>
      {canHide ? (
        <>
          <Button size="small" variant="outlined" disabled={isBusy} onClick={() => act.mutate('hide')}>
            Hide
          </Button>
          <Button size="small" variant="outlined" disabled={isBusy} onClick={() => act.mutate('unhide')}>
            Unhide
          </Button>
          <Button size="small" variant="outlined" disabled={isBusy} onClick={() => act.mutate('validPo')}>
            Valid PO #
          </Button>
        </>
      ) : null}
      {canDelete ? (
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={isBusy}
          onClick={() => setIsConfirmingDelete(true)}
        >
          Delete
        </Button>
      ) : null}
      {isConfirmingDelete ? (
        <ConfirmDeleteDialog
          title={`Delete ${lineItems(chosen)}?`}
          question="They are deleted with their parts. An Admin can restore each one from Recently deleted."
          failure={act.isError ? failureMessage(act.error, FAILED) : null}
          isDeleting={act.isPending}
          onCancel={() => setIsConfirmingDelete(false)}
          onConfirm={() => act.mutate('delete', { onSuccess: () => setIsConfirmingDelete(false) })}
        />
      ) : null}
      {refusals ? <Refusals answer={refusals} onClose={() => setRefusals(null)} /> : null}
    </>
  );
}

/** The rows the server left as they were, and why. */
function Refusals({ answer, onClose }: { answer: LineItemBulkResponse; onClose: () => void }) {
  const titleId = useId();
  const unlisted = answer.refusedCount - answer.refused.length;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{lineItems(answer.refusedCount)} left as they were</DialogTitle>
      <DialogContent>
        <List dense aria-label="Line items refused">
          {answer.refused.map((row) => (
            <ListItem key={row.id} disableGutters>
              <ListItemText
                primary={row.po === null ? `Line item ${row.id}` : `PO ${row.po} on ${row.shipment}`}
                secondary={row.reason}
              />
            </ListItem>
          ))}
        </List>
        {unlisted > 0 ? <DialogContentText>And {formatCount(unlisted)} more.</DialogContentText> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
