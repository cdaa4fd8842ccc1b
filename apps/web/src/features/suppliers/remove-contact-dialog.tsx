import type { SupplierContact } from '@quayside/domain/suppliers';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useRemoveContact } from './suppliers-api.ts';

type RemoveContactDialogProps = {
  supplier: string;
  contact: SupplierContact;
  onClose: () => void;
  /** The server's words. */
  onRemoved: (message: string) => void;
};

/** Removing a contact takes its sign-in away at once: asked first, naming who and for which supplier. */
export function RemoveContactDialog({ supplier, contact, onClose, onRemoved }: RemoveContactDialogProps) {
  const remove = useRemoveContact();
  const who = contact.full_name.trim() ? `${contact.full_name} (${contact.email})` : contact.email;
  return (
    <ConfirmDeleteDialog
      title="Remove supplier contact"
      question={`Remove ${who} as a contact of ${supplier}? They can no longer sign in, and their account is deleted.`}
      failure={remove.isError ? failureMessage(remove.error, 'Failed to remove the contact. Please try again.') : null}
      isDeleting={remove.isPending}
      confirmLabel="Remove"
      busyLabel="Removing..."
      onCancel={onClose}
      onConfirm={() => remove.mutate(contact.email, { onSuccess: (answer) => onRemoved(answer.message) })}
    />
  );
}
