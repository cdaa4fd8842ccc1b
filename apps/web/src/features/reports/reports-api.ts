import type { DocumentsResponse } from '@quayside/domain/documents';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const reportKeys = {
  all: ['reports'] as const,
  recentDocuments: (createdOn: string) => [...reportKeys.all, 'recent-documents', createdOn] as const,
};

/** SPEC.md §7: the report lists every shipment's documents created on or after `createdOn` (MM/DD/YYYY). */
export const recentDocumentsQuery = (createdOn: string) =>
  queryOptions({
    queryKey: reportKeys.recentDocuments(createdOn),
    queryFn: async ({ signal }) => {
      const { documents } = await api<DocumentsResponse>('/api/Files', { query: { createdOn }, signal });
      return documents;
    },
  });
