import { confirmDeletePart } from '@quayside/domain/parts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx';
import { deleteFailureMessage, useDeletePart } from './parts-api.ts';

type DeletePartDialogProps = {
  po: string;
  shipment: string;
  partNumber: string;
  /** The part numbers shown: the server refuses the delete if the stored ones differ. */
  listedPartNumbers: readonly string[];
  onClose: () => void;
};

/** SPEC.md §2, §8: a part is deleted only after this confirmation. */
export function DeletePartDialog({ po, shipment, partNumber, listedPartNumbers, onClose }: DeletePartDialogProps) {
  const remove = useDeletePart();

  const confirm = () =>
    remove.mutate(
      {
        part_number: partNumber,
        related_po_number: po,
        related_shipment: shipment,
        prev_part_numbers: [...listedPartNumbers],
      },
      {
        onSuccess: () => {
          markDataChanged();
          onClose();
        },
      },
    );

  return (
    <ConfirmDeleteDialog
      title="Delete Part"
      question={confirmDeletePart(partNumber)}
      failure={remove.isError ? deleteFailureMessage(remove.error) : null}
      isDeleting={remove.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
