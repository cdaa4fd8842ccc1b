import type { SiteSettings } from '@quayside/domain/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callUrl } from './api.ts';
import { siteKeys } from './query-keys.ts';

const DEFAULT_SETTINGS: SiteSettings = { orgName: 'NAPCO', supportEmail: null, supportUrl: null, setupNeeded: false };

/**
 * How long the saved settings are used before they are asked again: an Admin's new Support link
 * reaches everyone within minutes (the copy saved in the browser still shows at once).
 */
export const SITE_SETTINGS_FRESH_MS = 5 * 60_000;

// Public and the same for everyone, so fetched without the signed-in user's headers.
export const siteSettingsQuery = queryOptions({
  queryKey: siteKeys.all,
  queryFn: async (): Promise<SiteSettings> => {
    const response = await fetch(callUrl('getSite'));
    if (!response.ok) throw new Error(`The server answered ${response.status}.`);
    return response.json();
  },
  staleTime: SITE_SETTINGS_FRESH_MS,
});

/** The organisation and support contacts; defaults until the server has answered. */
export function useSiteSettings(): SiteSettings {
  return useQuery(siteSettingsQuery).data ?? DEFAULT_SETTINGS;
}
