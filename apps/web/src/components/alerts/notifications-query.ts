import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { alertKeys } from '../../lib/query-keys.ts';

// Apart from alerts-api.ts: the sidebar's bell loads with the first screen, the rest when used.

/** The bell asks again this often: alerts arrive from the server's jobs, not from this tab. */
const BELL_REFRESH_MS = 60_000;

export const notificationsQuery = () =>
  queryOptions({
    queryKey: alertKeys.notifications(),
    queryFn: ({ signal }) => call('listAlerts', { signal }),
    refetchInterval: BELL_REFRESH_MS,
  });
