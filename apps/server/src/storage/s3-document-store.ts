import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError, type ObjectStoreConfig } from '../config.ts';
import {
  assertDocumentKey,
  DocumentMissingError,
  type DocumentStore,
  DocumentStoreUnavailableError,
  isDocumentKey,
} from './document-store.ts';

// Documents as objects in an S3-compatible bucket, as documents/<key> so the bucket can hold other
// things too. Downloads still stream through the server (no presigned URLs): the server keeps
// deciding who may read a document, and its answer keeps nosniff, the sandbox CSP and
// Content-Disposition (documents.routes.ts).

const PREFIX = 'documents/';
/** A put holds at most PART_SIZE * PARTS_AT_ONCE bytes in memory, whatever the document's size. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
const CHECK_TIMEOUT_MS = 10_000;

export type S3DocumentStore = DocumentStore & {
  /** Throws a ConfigError naming the S3_* variable to fix when the bucket cannot be used. */
  check(): Promise<void>;
  /** Every document in the bucket, with its size (for a backup). */
  list(): AsyncGenerator<{ key: string; size: number }>;
};

export function createS3DocumentStore(options: ObjectStoreConfig): S3DocumentStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: otherwise recent SDKs add CRC32 checksums (a header,
    // or an aws-chunked trailer on a streamed body), which many S3-compatible servers (s3rver,
    // older MinIO, Ceph) do not accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket } = options;
  const objectKey = (key: string) => {
    assertDocumentKey(key);
    return `${PREFIX}${key}`;
  };

  return {
    async put(key, content) {
      // Up to one part, a single PutObject; past it, a multipart upload that only
      // CompleteMultipartUpload makes visible, aborted (its parts removed) when anything fails.
      // Either way a reader sees the whole document under the key or nothing.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: content },
        partSize: PART_SIZE,
        queueSize: PARTS_AT_ONCE,
      });
      try {
        await upload.done();
      } catch (error) {
        if (!(content instanceof Readable)) throw new DocumentStoreUnavailableError(error);
        // A source that broke off is the caller's failure, not the store's.
        if (content.errored) throw content.errored;
        content.destroy();
        throw new DocumentStoreUnavailableError(error);
      }
    },
    async get(key) {
      const Key = objectKey(key);
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        // On Node the SDK answers the HTTP response itself, a Readable.
        if (!(Body instanceof Readable)) throw new Error('the object store answered no readable body');
        return Body;
      } catch (error) {
        if (error instanceof NoSuchKey || statusOf(error) === 404) throw new DocumentMissingError(key);
        throw new DocumentStoreUnavailableError(error);
      }
    },
    async delete(key) {
      // S3 answers 204 for a key with nothing stored, as the interface wants.
      await client
        .send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
        .catch((error: unknown) => Promise.reject(new DocumentStoreUnavailableError(error)));
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
      } catch (error) {
        throw new ConfigError(bucketProblem(options, error));
      }
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: PREFIX })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(PREFIX.length) ?? '';
          // Anything else under the prefix was not put there by the server.
          if (isDocumentKey(key)) yield { key, size: object.Size ?? 0 };
        }
      }
    },
  };
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/** One line for an operator: what is wrong with the bucket, naming the variables to look at. */
function bucketProblem(options: ObjectStoreConfig, error: unknown): string {
  const where = options.endpoint ? `at S3_ENDPOINT (${options.endpoint})` : `in AWS S3 (S3_REGION ${options.region})`;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const status = statusOf(error);
  if (status === 404) {
    return `S3_BUCKET names a bucket that does not exist ${where}: ${options.bucket}. Create it, or correct S3_BUCKET.`;
  }
  if (status === 401 || status === 403) {
    return `The object store ${where} refused access to bucket ${options.bucket} (${status}). Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the server's role) and the bucket's policy.`;
  }
  if (status === 301) {
    return `Bucket ${options.bucket} is in another region than S3_REGION (${options.region}): correct S3_REGION.`;
  }
  if (error instanceof Error && error.name === 'CredentialsProviderError') {
    return `No credentials for the object store: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or give the server a role (${detail}).`;
  }
  if (status === undefined) {
    return `The object store ${where} cannot be reached (${detail}). Is it running, and are S3_ENDPOINT and S3_REGION right?`;
  }
  return `Bucket ${options.bucket} ${where} cannot be used (${status}, ${detail}). Check S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`;
}
