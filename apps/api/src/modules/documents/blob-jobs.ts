import { scheduleHourly } from '../../lib/jobs/hourly.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { JobHandler } from '../../lib/jobs/worker.js';
import type { BlobStorage, DeleteBlobPayload, StoredBlob } from '../../lib/storage/index.js';
import type { DocumentUploadRepository } from './document-upload.repository.js';

/**
 * Removes blobs no stored_files row refers to (uploads whose transaction never committed) and the
 * temporary files of uploads whose process died mid-stream.
 */
export const RECONCILE_ORPHANS_JOB = 'storage.reconcile-orphans';
/** Younger blobs may belong to an upload still streaming or about to commit its rows. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
/** A temporary file untouched this long belongs to no live upload: a streaming one writes every moment. */
export const ABANDONED_UPLOAD_MIN_AGE_MS = 60 * 60 * 1000;
/** Keys looked up in one query, so the reconciler never loads the whole table. */
const LOOKUP_BATCH = 500;

/**
 * Queues the next hourly reconciler run (lib/jobs/hourly.ts): every process (API servers, workers)
 * asking for an hour queues it once, and a run passes its own job's payload as `after` so a process
 * clock behind the database's cannot stop the chain.
 */
export function scheduleOrphanReconciler(
  queue: JobQueue,
  options: { now?: Date; after?: unknown } = {},
): Promise<Date> {
  return scheduleHourly(queue, RECONCILE_ORPHANS_JOB, options);
}

export function createBlobJobs({
  storage,
  repository,
  queue,
}: {
  storage: BlobStorage;
  repository: DocumentUploadRepository;
  queue: JobQueue;
}) {
  /** Deletes the orphans among blobs older than ORPHAN_MIN_AGE_MS; returns how many it removed. */
  async function reconcileOrphans(now = new Date()): Promise<number> {
    let removed = 0;
    let batch: StoredBlob[] = [];
    const flush = async () => {
      const referenced = await repository.referencedKeys(batch.map((blob) => blob.key));
      for (const blob of batch) {
        if (referenced.has(blob.key)) continue;
        await storage.delete(blob.key);
        removed += 1;
      }
      batch = [];
    };
    for await (const blob of storage.list()) {
      if (now.getTime() - blob.lastModified.getTime() < ORPHAN_MIN_AGE_MS) continue;
      batch.push(blob);
      if (batch.length >= LOOKUP_BATCH) await flush();
    }
    await flush();
    return removed;
  }

  /** Deletes temporary files of uploads that never finished, older than ABANDONED_UPLOAD_MIN_AGE_MS. */
  function removeAbandonedUploads(now = new Date()): Promise<number> {
    return storage.removeAbandonedUploads(new Date(now.getTime() - ABANDONED_UPLOAD_MIN_AGE_MS));
  }

  const deleteBlob: JobHandler = async (payload) => {
    const { storageKey } = payload as Partial<DeleteBlobPayload>;
    if (typeof storageKey !== 'string') throw new Error('storage.delete-blob needs a storageKey.');
    await storage.delete(storageKey);
  };

  const reconcile: JobHandler = async (payload) => {
    // The next run is queued first, so a failing run never ends the schedule.
    await scheduleOrphanReconciler(queue, { after: payload });
    await removeAbandonedUploads();
    await reconcileOrphans();
  };

  return { reconcileOrphans, removeAbandonedUploads, handlers: { deleteBlob, reconcile } };
}
