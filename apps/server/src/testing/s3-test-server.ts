// A real S3-compatible server for the suites: s3rver, in the test's own process, on a port of its
// own with a fresh bucket. Servers and CLI commands the test starts as child processes reach it
// over HTTP with `env`; it lives until `stop()` (or the test process ends).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadConfig, type ObjectStoreConfig } from '../config.ts';

export type S3TestServer = Awaited<ReturnType<typeof startS3TestServer>>;

export async function startS3TestServer() {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'quayside-s3-'));
  const s3rver = new S3rver({ directory, silent: true });
  const answerS3 = s3rver.callback();
  /** Every request, as `METHOD /path?query`: a test can tell a multipart upload from a single put. */
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    answerMultipartCalls(directory, request, response).then(
      (answered) => answered || answerS3(request, response),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bucket = `quayside-${randomBytes(4).toString('hex')}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    // The SDK's notice (on stderr, once per process) that its releases from 2027 need Node 22:
    // the tests read a child's stderr for its own messages.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const objectStore = loadConfig(env).objectStore as ObjectStoreConfig;
  const client = new S3Client({
    endpoint,
    region: objectStore.region,
    forcePathStyle: true,
    credentials: objectStore.credentials,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));

  return {
    env,
    bucket,
    endpoint,
    /** The configuration's `objectStore` for this bucket, for an app built in the test's process. */
    objectStore,
    requests,
    /** The keys of the bucket's objects and of its multipart uploads begun and neither completed nor aborted. */
    contents: async () => {
      const [objects, uploads] = await Promise.all([
        client.send(new ListObjectsV2Command({ Bucket: bucket })),
        client.send(new ListMultipartUploadsCommand({ Bucket: bucket })),
      ]);
      return {
        objects: (objects.Contents ?? []).map((object) => object.Key ?? '').sort(),
        unfinishedUploads: (uploads.Uploads ?? []).map((upload) => upload.Key ?? '').sort(),
      };
    },
    stop: async () => {
      client.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * AbortMultipartUpload and ListMultipartUploads, which s3rver 3.7 lacks (it answers 405 and 501):
 * the store relies on the first to leave nothing behind a failed upload, and the tests on the
 * second to see that it did. Both work on s3rver's own record of the uploads in progress,
 * <bucket>/._S3rver_uploads/<upload id>/ (path-style requests only, as the tests make).
 */
async function answerMultipartCalls(directory: string, request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://s3');
  const [bucket = '', ...key] = url.pathname.slice(1).split('/');
  const uploads = path.join(directory, path.basename(decodeURIComponent(bucket)), '._S3rver_uploads');
  const uploadId = url.searchParams.get('uploadId');
  if (request.method === 'DELETE' && uploadId) {
    await rm(path.join(uploads, path.basename(uploadId)), { recursive: true, force: true });
    response.writeHead(204).end();
    return true;
  }
  if (request.method === 'GET' && key.join('') === '' && url.searchParams.has('uploads')) {
    const ids = await readdir(uploads).catch(() => []);
    const entries = await Promise.all(
      ids.map(async (id) => {
        const uploadKey = await readFile(path.join(uploads, id, 'key'), 'utf8');
        return `<Upload><Key>${escapeXml(uploadKey)}</Key><UploadId>${id}</UploadId></Upload>`;
      }),
    );
    response
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(
        '<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult>' +
          `<Bucket>${escapeXml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${entries.join('')}` +
          '</ListMultipartUploadsResult>',
      );
    return true;
  }
  return false;
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
