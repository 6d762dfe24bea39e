import path from 'node:path';
import type { AppConfig } from '../../config/index.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { BlobStorage } from './storage.js';

export * from './storage.js';

/** The storage the configuration names: local files under DATA_DIR/blobs unless STORAGE_DRIVER=s3. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): BlobStorage {
  if (config.storage.driver === 's3') {
    const { bucket, ...s3 } = config.storage.s3;
    if (!bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET.');
    return createS3Storage({ bucket, ...s3 });
  }
  return createLocalStorage(path.join(config.dataDir, 'blobs'));
}
