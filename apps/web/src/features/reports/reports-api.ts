import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { reportKeys } from '../../lib/query-keys.ts';

/** SPEC.md §7: the report lists every shipment's documents created on or after `createdOn` (MM/DD/YYYY). */
export const recentDocumentsQuery = (createdOn: string) =>
  queryOptions({
    queryKey: reportKeys.recentDocuments(createdOn),
    queryFn: async ({ signal }) => {
      const { documents } = await call('listDocuments', { query: { createdOn }, signal });
      return documents;
    },
  });
