import { DOCUMENT_LIMITS, DOCUMENT_UPLOAD_ERROR, type UploadRejection } from '@ledgerport/shared';
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { uploadDocument, type UploadDocumentFields } from '../api/upload-documents';

/** Files sent at the same time: enough to keep the line busy without starving the form's other calls. */
export const PARALLEL_UPLOADS = 2;

/** Why a file was refused, as the dialog words it. */
export type FileProblem = 'tooLarge' | 'typeNotAllowed' | 'empty' | 'generic';

export interface QueuedFile {
  key: string;
  file: File;
  /** 0-100 while sending. */
  progress: number;
  state: 'waiting' | 'uploading' | 'failed';
  problem?: FileProblem;
}

export interface AddResult {
  /** Files over the size limit, not added. */
  tooLarge: File[];
  /** Files beyond the per-upload count, not added. */
  overCount: number;
}

export interface BatchResult {
  uploaded: number;
  failed: number;
  /** Files left in the list (refused or stopped). */
  remaining: number;
}

export function problemOf(error: unknown): FileProblem {
  const code = isApiError(error) ? error.code : undefined;
  if (code === DOCUMENT_UPLOAD_ERROR.fileTooLarge || isApiError(error, 413)) return 'tooLarge';
  if (code === DOCUMENT_UPLOAD_ERROR.unsupportedType || isApiError(error, 415)) return 'typeNotAllowed';
  if (code === DOCUMENT_UPLOAD_ERROR.emptyFile) return 'empty';
  return 'generic';
}

function problemOfRejection(rejection: UploadRejection): FileProblem {
  return problemOf({ code: rejection.code });
}

/** Runs `task` over `items` with at most `limit` running at once. */
async function runLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

let keySequence = 0;

/**
 * The upload dialog's file list: client-side limits on adding, one request per file (so each has its
 * own progress and a refused file leaves the others alone), a file that was stored leaves the list.
 */
export function useUploadQueue() {
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());
  const stopped = useRef(false);

  const update = useCallback((key: string, change: Partial<QueuedFile>) => {
    setFiles((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = (dropped: readonly File[]): AddResult => {
    const tooLarge = dropped.filter((file) => file.size > DOCUMENT_LIMITS.maxFileBytes);
    const fitting = dropped.filter((file) => file.size <= DOCUMENT_LIMITS.maxFileBytes);
    const room = Math.max(0, DOCUMENT_LIMITS.maxFilesPerUpload - files.length);
    const added = fitting
      .slice(0, room)
      .map((file): QueuedFile => ({ key: `file-${++keySequence}`, file, progress: 0, state: 'waiting' }));
    setFiles((current) => [...current, ...added]);
    return { tooLarge, overCount: fitting.length - added.length };
  };

  const remove = (key: string) => setFiles((current) => current.filter((item) => item.key !== key));

  /** Sends every file in the list (again, for those refused before) with the same fields. */
  const upload = async (fields: UploadDocumentFields): Promise<BatchResult> => {
    const batch = files;
    let uploaded = 0;
    let failed = 0;
    setUploading(true);
    setFiles((current) => current.map((item) => ({ ...item, state: 'waiting', progress: 0, problem: undefined })));
    await runLimited(batch, PARALLEL_UPLOADS, async ({ key, file }) => {
      if (stopped.current) return;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { state: 'uploading' });
      try {
        const result = await uploadDocument(fields, file, {
          signal: controller.signal,
          onProgress: (loaded, total) => update(key, { progress: total > 0 ? (loaded / total) * 100 : 0 }),
        });
        const [rejection] = result.rejected;
        if (rejection) {
          failed += 1;
          update(key, { state: 'failed', problem: problemOfRejection(rejection), progress: 0 });
        } else {
          uploaded += 1;
          remove(key);
        }
      } catch (error) {
        // A stopped file is neither uploaded nor refused: it stays, waiting, for another try.
        if (controller.signal.aborted) update(key, { state: 'waiting', progress: 0 });
        else {
          failed += 1;
          update(key, { state: 'failed', problem: problemOf(error), progress: 0 });
        }
      } finally {
        controllers.current.delete(key);
      }
    });
    stopped.current = false;
    setUploading(false);
    return { uploaded, failed, remaining: batch.length - uploaded };
  };

  /** Aborts the files being sent and keeps the waiting ones from starting. */
  const stop = () => {
    stopped.current = true;
    for (const controller of controllers.current.values()) controller.abort();
  };

  return { files, uploading, add, remove, upload, stop };
}
