import type { DocumentListEntry } from '@quayside/domain/documents';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { documentKeys } from '../../lib/query-keys.ts';
import { type ChosenFile, uploadedListEntries, uploadForm } from './upload-selection.ts';

/** One shipment's documents, newest first. */
export const shipmentDocumentsQuery = (shipmentNumber: string) =>
  queryOptions({
    queryKey: documentKeys.ofShipment(shipmentNumber),
    queryFn: async ({ signal }) => {
      const { documents } = await call('listDocuments', { query: { shipment: shipmentNumber }, signal });
      return documents;
    },
  });

/**
 * Uploads the chosen files to a shipment. On success the new documents join the top of the list
 * at once (the list is newest first), and the list is read again for the server's own entries.
 */
export function useUploadDocuments(shipmentNumber: string, forwarderName: string) {
  const queryClient = useQueryClient();
  const queryKey = documentKeys.ofShipment(shipmentNumber);
  return useMutation({
    mutationFn: async (chosen: readonly ChosenFile[]) => {
      const { documents } = await call('uploadDocuments', { body: uploadForm(chosen, shipmentNumber, forwarderName) });
      return uploadedListEntries(documents, chosen, shipmentNumber);
    },
    onSuccess: (uploaded) => {
      markDataChanged();
      queryClient.setQueryData<DocumentListEntry[]>(queryKey, (listed = []) => [...uploaded, ...listed]);
      void queryClient.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
