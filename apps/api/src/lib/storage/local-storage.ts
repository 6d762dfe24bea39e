import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, BlobNotFoundError, MeasuringStream, type BlobStorage, type StoredBlob } from './storage.js';

const TEMP_DIR = '.incoming';

/**
 * Blobs as files under `root` (DATA_DIR/blobs by default). A blob is written to a temporary file
 * and renamed into place once complete, so a reader never sees half a file and a crash leaves only
 * a temporary file, which `list` does not report and `removeAbandonedUploads` deletes once stale.
 */
export function createLocalStorage(root: string): BlobStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    driver: 'local',

    async put(key, body, options = {}) {
      const target = pathOf(key);
      const temp = path.join(root, TEMP_DIR, randomUUID());
      await mkdir(path.dirname(temp), { recursive: true });
      const measure = new MeasuringStream(options.maxBytes);
      try {
        await pipeline(body, measure, createWriteStream(temp, { flags: 'wx' }));
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return measure.digest();
    },

    async get(key) {
      const file = pathOf(key);
      try {
        await stat(file);
      } catch {
        throw new BlobNotFoundError(key);
      }
      return createReadStream(file) as Readable;
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list(): AsyncIterable<StoredBlob> {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join('/');
        if (key.startsWith(`${TEMP_DIR}/`)) continue;
        const info = await stat(full).catch(() => null);
        if (info) yield { key, lastModified: info.mtime };
      }
    },

    async removeAbandonedUploads(olderThan) {
      const folder = path.join(root, TEMP_DIR);
      let names: string[];
      try {
        names = await readdir(folder);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(folder, name);
        // A live upload keeps writing, so its modification time stays recent.
        const info = await stat(file).catch(() => null);
        if (!info?.isFile() || info.mtime >= olderThan) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
