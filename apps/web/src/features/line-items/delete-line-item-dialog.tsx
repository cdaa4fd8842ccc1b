import type { LineItem } from '@quayside/domain/line-items';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useDeleteLineItem } from './line-item-api.ts';

const DELETE_FAILED = 'Failed to delete line item. Please try again.';

/** SPEC.md §8: the server's message, or the fallback when it gave none. */
const deleteFailure = (error: unknown) => failureMessage(error, DELETE_FAILED);

type DeleteLineItemDialogProps = { lineItem: LineItem; onClose: () => void; onDeleted: () => void };

/** The confirmation before a line item and its parts are deleted. Mounted only while open. */
export function DeleteLineItemDialog({ lineItem, onClose, onDeleted }: DeleteLineItemDialogProps) {
  const remove = useDeleteLineItem();
  const confirm = () =>
    remove.mutate(
      { shipment: lineItem.related_shipment, po: lineItem.title },
      { onSuccess: onDeleted, onError: (error) => console.error('Line item delete failed', error) },
    );

  return (
    <ConfirmDeleteDialog
      title="Delete Line Item"
      question={`Are you sure you want to delete line item "${lineItem.title}"? This action cannot be undone and will also remove all associated parts.`}
      failure={remove.isError ? deleteFailure(remove.error) : null}
      isDeleting={remove.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
