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
const RECONCILE_EVERY_MS = 60 * 60 * 1000;
/** Keys looked up in one query, so the reconciler never loads the whole table. */
const LOOKUP_BATCH = 500;

/**
 * Queues the next reconciler run at the start of the next hour. The dedupe key names that hour, so
 * every process (API servers, workers) asking for it queues it once.
 */
export async function scheduleOrphanReconciler(queue: JobQueue, now = new Date()): Promise<void> {
  const runAt = new Date(Math.floor(now.getTime() / RECONCILE_EVERY_MS + 1) * RECONCILE_EVERY_MS);
  await queue.enqueue(
    RECONCILE_ORPHANS_JOB,
    {},
    { runAt, dedupeKey: `${RECONCILE_ORPHANS_JOB}:${runAt.toISOString()}` },
  );
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

  const reconcile: JobHandler = async () => {
    // The next run is queued first, so a failing run never ends the schedule.
    await scheduleOrphanReconciler(queue);
    await removeAbandonedUploads();
    await reconcileOrphans();
  };

  return { reconcileOrphans, removeAbandonedUploads, handlers: { deleteBlob, reconcile } };
}
