import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';

/**
 * Where document files live (DESIGN.md section 6). Keys are generated here, never taken from a
 * user's file name; the name is metadata in `stored_files`.
 */
export interface PutResult {
  size: number;
  /** Hex SHA-256 of what was stored. */
  sha256: string;
}

export interface StoredBlob {
  key: string;
  lastModified: Date;
}

export interface BlobStorage {
  readonly driver: 'local' | 's3';
  /**
   * Streams `body` into `key` without holding it in memory. Rejects with FileTooLargeError (and
   * stores nothing) once more than `maxBytes` arrive; a failing body stores nothing either.
   */
  put(key: string, body: Readable, options?: { maxBytes?: number; contentType?: string }): Promise<PutResult>;
  /** Rejects with BlobNotFoundError when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
  /** Every stored key, for the orphan reconciler. */
  list(): AsyncIterable<StoredBlob>;
  /**
   * Removes what uploads that never finished (a killed process) left behind, if last written before
   * `olderThan`, so an upload still streaming is never touched. Answers how many it removed.
   */
  removeAbandonedUploads(olderThan: Date): Promise<number>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`No blob at ${key}.`);
    this.name = 'BlobNotFoundError';
  }
}

/** `documents/2026/11/<uuid>`: spread over folders by month, unguessable, safe as a path. */
export function newStorageKey(prefix = 'documents', now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${prefix}/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/** Keys are only ever what newStorageKey makes; anything else is refused before touching a path. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.length > 200) throw new Error(`Invalid storage key: ${key}`);
}

/** Counts and hashes what passes through, failing once more than `maxBytes` have passed. */
export class MeasuringStream extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(new FileTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  digest(): PutResult {
    return { size: this.size, sha256: this.hash.digest('hex') };
  }
}

/**
 * Job that removes a blob whose row is gone (payload `{ storageKey }`). Enqueued in the same
 * transaction that deletes the `stored_files` row, so a crash never leaves an orphan behind.
 */
export const DELETE_BLOB_JOB = 'storage.delete-blob';
export interface DeleteBlobPayload {
  storageKey: string;
}
