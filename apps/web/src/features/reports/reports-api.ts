import type { DocumentsResponse } from '@quayside/domain/documents';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { reportKeys } from '../../lib/query-keys.ts';

/** SPEC.md §7: the report lists every shipment's documents created on or after `createdOn` (MM/DD/YYYY). */
export const recentDocumentsQuery = (createdOn: string) =>
  queryOptions({
    queryKey: reportKeys.recentDocuments(createdOn),
    queryFn: async ({ signal }) => {
      const { documents } = await api<DocumentsResponse>('/api/Files', { query: { createdOn }, signal });
      return documents;
    },
  });
