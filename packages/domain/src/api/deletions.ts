import type { Call } from '../call.ts';
import { DeletionParams, DeletionsQuery, DeletionsResponse, RestoreResponse } from '../deletions.ts';

const tag = 'deletions';

/** Deleted line items and parts, kept in the audit log: an administrator sees and restores them. */
export const DELETION_CALLS = {
  listDeletions: {
    method: 'GET',
    path: '/api/Deletions',
    tag,
    who: 'Admin',
    summary: 'Recent deletions of line items and parts (Admin)',
    description: 'Recent deletions of line items and parts, newest first (administrators only).',
    query: DeletionsQuery,
    response: DeletionsResponse,
  },
  restoreDeletion: {
    method: 'POST',
    path: '/api/Deletions/:id/restore',
    tag,
    who: 'Admin',
    summary: 'Bring a deletion back (Admin)',
    description:
      'Restores a deletion (administrators only): 409 when it cannot come back as it was (already restored, ' +
      'the shipment is gone, the PO or a part number is there again).',
    params: DeletionParams,
    response: RestoreResponse,
    errors: [404, 409],
  },
} as const satisfies Record<string, Call>;
