import path from 'node:path';
import type { AppConfig } from '../../config/index.js';
import { createLocalStorage } from './local-storage.js';
import type { BlobStorage } from './storage.js';

export * from './storage.js';

/** The storage the configuration names: local files under DATA_DIR/blobs unless STORAGE_DRIVER=s3. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): BlobStorage {
  return createLocalStorage(path.join(config.dataDir, 'blobs'));
}
