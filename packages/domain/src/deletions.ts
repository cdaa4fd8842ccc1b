import { z } from 'zod';

// Recent deletions and their restore, so nothing deleted is lost. Deletions are read from the audit
// log, so a deletion's id is its audit entry's id.

export const DELETIONS_DEFAULT_LIMIT = 50;
export const DELETIONS_MAX_LIMIT = 500;

// The server's answers that a client may show as they are.
export const ONLY_ADMINS_RESTORE = 'Only administrators can see and restore deletions.';
export const DELETION_NOT_FOUND = 'Deletion not found';
export const ALREADY_RESTORED = 'This deletion has already been restored.';
export const shipmentGone = (shipment: string) =>
  `Shipment ${shipment} no longer exists, so its line item cannot come back.`;
export const poThereAgain = (po: string, shipment: string) =>
  `Shipment ${shipment} has a line item with PO ${po} again. Rename or delete it first.`;
export const lineItemGone = (po: string, shipment: string) =>
  `The line item PO ${po} on shipment ${shipment} no longer exists. Restore it first.`;
export const partThereAgain = (part: string) => `Part ${part} is on this line item again. Delete it first.`;

export const DeletedEntity = z.enum(['line_item', 'part']);
export type DeletedEntity = z.infer<typeof DeletedEntity>;

export const DeletionsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(DELETIONS_MAX_LIMIT, `limit must be at most ${DELETIONS_MAX_LIMIT}.`)
    .default(DELETIONS_DEFAULT_LIMIT)
    .describe(`How many deletions, newest first (default ${DELETIONS_DEFAULT_LIMIT})`),
});
export type DeletionsQuery = z.infer<typeof DeletionsQuery>;

export const DeletedPart = z.object({
  part_number: z.string(),
  qty: z.number().int().nullable(),
});
export type DeletedPart = z.infer<typeof DeletedPart>;

export const Deletion = z
  .object({
    id: z.number().int().describe('Id of the audit entry that recorded the deletion'),
    at: z.string().describe('When it was deleted (ISO 8601, UTC)'),
    actor: z.string().describe('E-mail of who deleted it ("cli" for the command line)'),
    entity: DeletedEntity.describe('line_item: a line item with its parts; part: parts removed from a line item'),
    shipment: z.string().describe('Shipment number of the line item'),
    po: z.string().describe('PO number of the line item'),
    parts: z.array(DeletedPart).describe("The line item's parts, or the parts removed"),
    restored: z.boolean().describe('Whether it has been restored'),
  })
  .describe('A deletion an administrator can restore');
export type Deletion = z.infer<typeof Deletion>;

export const DeletionsResponse = z.object({ deletions: z.array(Deletion) });
export type DeletionsResponse = z.infer<typeof DeletionsResponse>;

export const DeletionParams = z.object({
  id: z.coerce
    .number({ error: 'The deletion id must be a whole number.' })
    .int('The deletion id must be a whole number.')
    .positive('The deletion id must be a whole number.')
    .max(Number.MAX_SAFE_INTEGER)
    .describe('Id of the deletion (its audit entry)'),
});

export const RestoreResponse = z.object({
  message: z.string(),
  deletion: Deletion.describe('The deletion, now restored'),
});
export type RestoreResponse = z.infer<typeof RestoreResponse>;

/** What a restore answers: says what came back and where. */
export function restoredMessage(deletion: Pick<Deletion, 'entity' | 'shipment' | 'po' | 'parts'>) {
  const count = `${deletion.parts.length} part${deletion.parts.length === 1 ? '' : 's'}`;
  return deletion.entity === 'line_item'
    ? `Restored line item PO ${deletion.po} on shipment ${deletion.shipment} with ${count}.`
    : `Restored ${count} (${deletion.parts.map((part) => part.part_number).join(', ')}) to PO ${deletion.po} on shipment ${deletion.shipment}.`;
}
