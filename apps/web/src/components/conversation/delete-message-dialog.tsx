import type { ThreadRecord } from '@quayside/domain/messages';
import { failureMessage } from '../../lib/api.ts';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx';
import { useToast } from '../toast.tsx';
import { useDeleteMessage } from './conversation-api.ts';

const DELETE_FAILED = 'Failed to delete the message. Please try again.';

type DeleteMessageDialogProps = { record: ThreadRecord; recordKey: string; id: number; onClose: () => void };

/** Asks before one's own message leaves the conversation. Mounted only while open. */
export function DeleteMessageDialog({ record, recordKey, id, onClose }: DeleteMessageDialogProps) {
  const remove = useDeleteMessage(record, recordKey);
  const { notify } = useToast();
  return (
    <ConfirmDeleteDialog
      title="Delete message"
      question="Delete this message? No one will see it in the conversation any more."
      failure={remove.isError ? failureMessage(remove.error, DELETE_FAILED) : null}
      isDeleting={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: (answer) => {
            notify({ type: 'success', message: answer.message });
            onClose();
          },
        })
      }
    />
  );
}
