import { type AppError, BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors.js';
import type { JobQueue } from '../jobs/job-queue.js';
import {
  DELETE_BLOB_JOB,
  FileTooLargeError,
  newStorageKey,
  type BlobStorage,
  type DeleteBlobPayload,
} from '../storage/index.js';
import { discard, extensionOf, peek, sanitiseFileName, sniffContent } from './content-sniffing.js';
import type { IntakeFile } from './multipart.js';

/** A file now in storage, as `stored_files` records it. */
export interface StoredUpload {
  storageKey: string;
  /** The sender's name, sanitised: metadata only, never part of the key. */
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** Why a file was not stored; each caller words it, the status is the same everywhere. */
export type IntakeRefusal = 'empty' | 'unsupported' | 'too-large';

export const INTAKE_REFUSAL_STATUS: Record<IntakeRefusal, 400 | 413 | 415> = {
  empty: 400,
  unsupported: 415,
  'too-large': 413,
};

/** The refusal as the API error of its status, in the caller's words. */
export function intakeRefusalError(
  refusal: IntakeRefusal,
  message: string,
  code?: string,
  details?: unknown,
): AppError {
  switch (INTAKE_REFUSAL_STATUS[refusal]) {
    case 413:
      return new PayloadTooLargeError(message, code, details);
    case 415:
      return new UnsupportedMediaTypeError(message, code, details);
    default:
      return new BadRequestError(message, code, details);
  }
}

export interface IntakeRules {
  /** The storage key's first folder: `documents`, `leads`, `passports`. */
  keyPrefix: string;
  /** The most bytes a stored file may have; one more and it is refused as too large. */
  maxBytes: number;
  /**
   * A narrower allowlist than the sniffer's, judged on the sniffed type and the file name's
   * extension (which the sniffer has already matched to the content).
   */
  accepts?: (file: { contentType: string; extension: string }) => boolean;
}

export type IntakeOutcome = { stored: StoredUpload } | { refused: IntakeRefusal; fileName: string };

export type FileIntake = ReturnType<typeof createFileIntake>;

/**
 * The one way a multipart file reaches storage (DESIGN.md section 6): its first bytes are sniffed
 * against the allowlist and the file name's extension, then it streams into storage with a running
 * size and SHA-256, so no file is ever held whole in memory. A refused file is read to its end (not
 * destroyed), so the parser moves on to the next part. Callers keep what they stored and hand it to
 * `remove` when the request fails afterwards.
 */
export function createFileIntake({ storage, queue }: { storage: BlobStorage; queue: JobQueue }) {
  return {
    async store(file: IntakeFile, rules: IntakeRules): Promise<IntakeOutcome> {
      const fileName = sanitiseFileName(file.fileName);
      const refuse = async (refused: IntakeRefusal) => {
        await discard(file.stream);
        return { refused, fileName };
      };
      const { head, content } = await peek(file.stream);
      const sniffed = await sniffContent(head, fileName);
      if (!sniffed.ok) return refuse(sniffed.reason);
      if (rules.accepts && !rules.accepts({ contentType: sniffed.contentType, extension: extensionOf(fileName) })) {
        return refuse('unsupported');
      }
      const storageKey = newStorageKey(rules.keyPrefix);
      try {
        const { size, sha256 } = await storage.put(storageKey, content, {
          maxBytes: rules.maxBytes,
          contentType: sniffed.contentType,
        });
        return { stored: { storageKey, fileName, contentType: sniffed.contentType, size, sha256 } };
      } catch (error) {
        if (!(error instanceof FileTooLargeError)) throw error;
        return refuse('too-large');
      }
    },

    /** Removes blobs whose request failed; storage refusing now is no reason to fail the answer. */
    async remove(files: Iterable<Pick<StoredUpload, 'storageKey'>>): Promise<void> {
      for (const { storageKey } of files) {
        // The job (or else the orphan reconciler) retries later.
        await storage
          .delete(storageKey)
          .catch(() =>
            queue.enqueue(DELETE_BLOB_JOB, { storageKey } satisfies DeleteBlobPayload).catch(() => undefined),
          );
      }
    },

    /** Reads a file the request does not use to its end, so the parser can move on. */
    skip(file: IntakeFile): Promise<void> {
      return discard(file.stream);
    },
  };
}
