import os from 'node:os';
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
    // Heavy work leaves a core to everyone else, with one place at least.
    expect(config.heavyWorkAtOnce).toBe(Math.max(1, os.availableParallelism() - 1));
    expect(config.heavyWorkWaitMs).toBe(30_000);
    expect(loadConfig({ HEAVY_WORK_AT_ONCE: '3' }).heavyWorkAtOnce).toBe(3);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'http://mail'],
    ['PUBLIC_URL', 'not a url'],
    ['AUTH_SECRET', 'short'],
    ['TRUST_PROXY', 'maybe'],
    ['UPLOAD_MAX_BYTES', '-1'],
    ['S3_ENDPOINT', 'not a url'],
    ['S3_ENDPOINT', 'ftp://files.example.com'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['HEAVY_WORK_AT_ONCE', '0'],
    ['HEAVY_WORK_WAIT_MS', 'a minute'],
    ['SERVER_PROCESSES', '0'],
    ['SERVER_PROCESSES', '1.5'],
    ['SERVER_PROCESSES', '65'],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('keeps documents in DATA_DIR/files without S3_BUCKET, and in the bucket with it', () => {
    expect(loadConfig({}).objectStore).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '' }).objectStore).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'quayside-documents' }).objectStore).toEqual({
      bucket: 'quayside-documents',
      endpoint: undefined,
      region: 'us-east-1',
      // The SDK's own chain finds them (an IAM role, its environment variables).
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'documents',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'quayside',
        S3_SECRET_ACCESS_KEY: 'a secret',
        S3_FORCE_PATH_STYLE: '1',
      }).objectStore,
    ).toEqual({
      bucket: 'documents',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'quayside', secretAccessKey: 'a secret' },
      forcePathStyle: true,
    });
  });

  it.each([
    [{ S3_BUCKET: 'documents', S3_ACCESS_KEY_ID: 'quayside' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'documents', S3_SECRET_ACCESS_KEY: 'a secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'http://minio.internal:9000' }, 'S3_BUCKET'],
  ])('refuses S3 settings that do not go together (%o), naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\n  ${name}: `));
  });

  it('runs one server process by default, and several only with DATABASE_URL', () => {
    expect(loadConfig({}).serverProcesses).toBe(1);
    expect(loadConfig({ SERVER_PROCESSES: '1' }).serverProcesses).toBe(1);
    const postgres = { DATABASE_URL: 'postgres://quayside@db.internal/quayside' };
    expect(loadConfig({ ...postgres, SERVER_PROCESSES: '2' }).serverProcesses).toBe(2);
    expect(loadConfig({ ...postgres, SERVER_PROCESSES: '64' }).serverProcesses).toBe(64);
    // The embedded database serves one process.
    const embedded = () => loadConfig({ SERVER_PROCESSES: '2' });
    expect(embedded).toThrow(ConfigError);
    expect(embedded).toThrow(
      /^Invalid configuration:\n {2}SERVER_PROCESSES: 2 processes need DATABASE_URL \(PostgreSQL\); the embedded database .* serves one process only/,
    );
  });
});
