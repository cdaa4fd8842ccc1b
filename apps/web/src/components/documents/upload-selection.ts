import {
  DOCUMENT_TYPE_PLACEHOLDER,
  type DocumentListEntry,
  fileSizeDisplay,
  type UploadedDocument,
} from '@quayside/domain/documents';

// The 'Upload Documents' dialog's choices (SPEC.md §4 'Upload dialog', §5 'Upload').

/** A file chosen for upload and the document type picked for it ('' until one is picked). */
export type ChosenFile = { key: string; file: File; documentType: string };

let nextKey = 0;

/** Files dropped or browsed are added after those already chosen, each still without a type. */
export function addChosenFiles(chosen: readonly ChosenFile[], files: Iterable<File>): ChosenFile[] {
  const added = [...files].map((file) => {
    nextKey += 1;
    return { key: `file-${nextKey}`, file, documentType: '' };
  });
  return [...chosen, ...added];
}

/** The placeholder counts as no type. */
export const isTypeMissing = (documentType: string) =>
  documentType.trim() === '' || documentType === DOCUMENT_TYPE_PLACEHOLDER;

/** Upload is possible with at least one file, every one typed, and no upload under way. */
export const canUpload = (chosen: readonly ChosenFile[], isUploading: boolean) =>
  !isUploading && chosen.length > 0 && chosen.every((entry) => !isTypeMissing(entry.documentType));

/** `uploadDocuments`: repeated `files`, one `documentType` per file in the same order, `forwarder` and `shipment`. */
export function uploadForm(chosen: readonly ChosenFile[], shipment: string, forwarder: string): FormData {
  const form = new FormData();
  for (const entry of chosen) form.append('documentType', entry.documentType);
  form.append('forwarder', forwarder);
  form.append('shipment', shipment);
  for (const entry of chosen) form.append('files', entry.file, entry.file.name);
  return form;
}

/** Documents just uploaded as the list shows them, so they appear before the list is read again. */
export function uploadedListEntries(
  uploaded: readonly UploadedDocument[],
  chosen: readonly ChosenFile[],
  shipment: string,
): DocumentListEntry[] {
  return uploaded.map((document, index) => ({
    id: document.id,
    webUrl: document.webUrl,
    fields: {
      FileLeafRef: document.name,
      DocumentType: chosen[index]?.documentType ?? '',
      FileSizeDisplay: fileSizeDisplay(document.size),
      Modified: document.createdDateTime,
      ShipmentNumber: shipment,
    },
  }));
}
