import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteKeys } from './query-keys.ts';
import { SITE_SETTINGS_FRESH_MS, siteSettingsQuery } from './site.ts';

const saved = { orgName: 'NAPCO', supportEmail: null, supportUrl: null, setupNeeded: false };
const now = { ...saved, supportUrl: 'https://help.example/new-ticket' };

afterEach(() => vi.unstubAllGlobals());

describe('the site settings saved in the browser', () => {
  it('are asked again once older than a few minutes, so a Support link set later reaches everyone', async () => {
    vi.stubGlobal('fetch', async () => Response.json(now));
    const client = new QueryClient();
    client.setQueryData(siteKeys.all, saved, { updatedAt: Date.now() - SITE_SETTINGS_FRESH_MS - 1000 });
    expect((await client.fetchQuery(siteSettingsQuery)).supportUrl).toBe('https://help.example/new-ticket');
  });

  it('are used as they are while fresh', async () => {
    const fetch = vi.fn(async () => Response.json(now));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    client.setQueryData(siteKeys.all, saved, { updatedAt: Date.now() - 1000 });
    expect((await client.fetchQuery(siteSettingsQuery)).supportUrl).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
