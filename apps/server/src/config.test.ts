import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.orgName).toBe('NAPCO');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.uploadMaxBytes).toBe(25 * 1024 * 1024);
    expect(config.uploadMaxFiles).toBe(20);
    expect(config.trustProxy).toBe(false);
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/);
    expect(loadConfig({ WEB_DIST_DIR: '/srv/quayside-web' }).webDistDir).toBe('/srv/quayside-web');
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'http://mail'],
    ['PUBLIC_URL', 'not a url'],
    ['AUTH_SECRET', 'short'],
    ['TRUST_PROXY', 'maybe'],
    ['UPLOAD_MAX_BYTES', '-1'],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
