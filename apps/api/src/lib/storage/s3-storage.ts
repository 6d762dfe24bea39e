import { PassThrough, pipeline, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, BlobNotFoundError, MeasuringStream, type BlobStorage, type StoredBlob } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** S3-compatible stores (MinIO, R2, s3rver); unset for AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Keys per ListObjectsV2 page (S3's maximum is 1000). */
  listPageSize?: number;
}

export function s3ClientFor(options: S3StorageOptions): S3Client {
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    // The SDK's default CRC checksums on every request are not understood by many S3-compatible
    // stores; integrity is already checked by the SHA-256 computed while streaming.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  // Without explicit keys the SDK's default chain applies (instance role, AWS_* variables).
  if (options.accessKeyId && options.secretAccessKey) {
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  }
  return new S3Client(config);
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * Blobs as objects in one bucket. Uploads stream through lib-storage's multipart Upload (parts of
 * 5 MB in flight, never the whole file); S3 publishes an object only when the upload completes, so
 * an aborted upload leaves nothing readable behind.
 */
export function createS3Storage(options: S3StorageOptions, client: S3Client = s3ClientFor(options)): BlobStorage {
  const Bucket = options.bucket;

  return {
    driver: 's3',

    async put(key, body, putOptions = {}) {
      assertStorageKey(key);
      const measure = new MeasuringStream(putOptions.maxBytes);
      // The stream's own error (FileTooLargeError, a client gone mid-upload) is the one to report,
      // not the SDK's wrapping of it.
      let streamError: unknown;
      // Not `measure` itself: lib-storage would read its running `size` as the body's total length.
      const sent = new PassThrough();
      pipeline(body, measure, sent, (error) => {
        if (error) streamError = error;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: sent, ContentType: putOptions.contentType },
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        await upload.abort().catch(() => undefined);
        throw streamError ?? error;
      }
      return measure.digest();
    },

    async get(key) {
      assertStorageKey(key);
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!Body) throw new BlobNotFoundError(key);
        return Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(): AsyncIterable<StoredBlob> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: options.listPageSize ?? 1000 }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, lastModified: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    /**
     * Nothing to do here: a failed upload is aborted by `put`, and the parts of one whose process
     * was killed are invisible to readers and to `list`. The bucket's lifecycle rule
     * (AbortIncompleteMultipartUpload) removes those parts; see docs/documents.md.
     */
    async removeAbandonedUploads() {
      return 0;
    },
  };
}
