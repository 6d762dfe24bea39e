import type * as NodeCrypto from 'node:crypto';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/index.js';
import { createStorage } from '../index.js';
import { createLocalStorage } from '../local-storage.js';
import { createS3Storage } from '../s3-storage.js';
import { BlobNotFoundError, FileTooLargeError, newStorageKey, type BlobStorage } from '../storage.js';

const BUCKET = 'ledgerport-test';
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function keysOf(storage: BlobStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of storage.list()) keys.push(blob.key);
  return keys;
}

/** A body that sends some bytes and then fails, like a client that disconnects mid-upload. */
function failingBody(): Readable {
  return Readable.from(
    (async function* () {
      yield randomBytes(1024);
      throw new Error('connection reset');
    })(),
  );
}

/**
 * s3rver encrypts list continuation tokens with single DES, which OpenSSL 3 no longer offers, so any
 * paged listing fails inside the test server. Triple DES with one key repeated is the same cipher.
 */
function letS3rverPageListings(): () => void {
  const nodeCrypto = createRequire(import.meta.url)('node:crypto') as typeof NodeCrypto;
  const original = nodeCrypto.createCipheriv;
  const originalDecipher = nodeCrypto.createDecipheriv;
  const tripled = (key: Buffer) => Buffer.concat([key, key, key]);
  Object.assign(nodeCrypto, {
    createCipheriv: (algorithm: string, key: Buffer, iv: Buffer) =>
      algorithm === 'des' ? original('des-ede3-cbc', tripled(key), iv) : original(algorithm, key, iv),
    createDecipheriv: (algorithm: string, key: Buffer, iv: Buffer) =>
      algorithm === 'des' ? originalDecipher('des-ede3-cbc', tripled(key), iv) : originalDecipher(algorithm, key, iv),
  });
  return () => Object.assign(nodeCrypto, { createCipheriv: original, createDecipheriv: originalDecipher });
}

let tempDir: string;
let restoreCrypto: () => void;
let s3rver: S3rver;
let s3Endpoint: string;
const drivers: Record<'local' | 's3', () => BlobStorage> = {
  local: () => createLocalStorage(path.join(tempDir, 'blobs')),
  s3: () =>
    createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: s3Endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      // Small pages, so listing more than a few keys crosses page boundaries.
      listPageSize: 2,
    }),
};

beforeAll(async () => {
  restoreCrypto = letS3rverPageListings();
  tempDir = await mkdtemp(path.join(tmpdir(), 'ledgerport-storage-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tempDir, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver.close();
  restoreCrypto();
  await rm(tempDir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage', (driver) => {
  let storage: BlobStorage;
  beforeAll(() => {
    storage = drivers[driver]();
  });

  it('stores what was streamed and reports its size and SHA-256', async () => {
    const content = randomBytes(300_000);
    const key = newStorageKey();
    const result = await storage.put(key, Readable.from([content.subarray(0, 1000), content.subarray(1000)]));
    expect(result).toEqual({ size: content.length, sha256: sha256(content) });
    expect(await buffer(await storage.get(key))).toEqual(content);
  });

  it('streams a file larger than one multipart part', async () => {
    const content = randomBytes(6 * 1024 * 1024 + 17);
    const key = newStorageKey();
    const chunks = Array.from({ length: 7 }, (_, i) => content.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    const result = await storage.put(key, Readable.from(chunks), { maxBytes: content.length });
    expect(result).toEqual({ size: content.length, sha256: sha256(content) });
    expect(sha256(await buffer(await storage.get(key)))).toBe(sha256(content));
  });

  it('refuses a body over maxBytes and stores nothing', async () => {
    const key = newStorageKey();
    const body = Readable.from(Array.from({ length: 7 }, () => randomBytes(1024 * 1024)));
    await expect(storage.put(key, body, { maxBytes: 6 * 1024 * 1024 })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await keysOf(storage)).not.toContain(key);
  });

  it('stores nothing when the body fails', async () => {
    const key = newStorageKey();
    await expect(storage.put(key, failingBody())).rejects.toThrow('connection reset');
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('deletes, and deleting a missing key succeeds', async () => {
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('bye')]));
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('answers BlobNotFoundError for a key that never existed', async () => {
    await expect(storage.get(newStorageKey())).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('lists every stored key with its time, across pages', async () => {
    const before = Date.now() - 5_000;
    const keys = [newStorageKey('contract'), newStorageKey('contract'), newStorageKey('contract')];
    for (const key of keys) await storage.put(key, Readable.from([Buffer.from(key)]));
    const listed = [];
    for await (const blob of storage.list()) listed.push(blob);
    for (const key of keys) {
      const blob = listed.find((b) => b.key === key);
      expect(blob?.lastModified.getTime()).toBeGreaterThan(before);
    }
  });

  it('removing abandoned uploads never touches a stored blob, however old', async () => {
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('kept')]));
    await storage.removeAbandonedUploads(new Date(Date.now() + 3_600_000));
    expect(await buffer(await storage.get(key))).toEqual(Buffer.from('kept'));
    expect(await keysOf(storage)).toContain(key);
  });

  it('refuses keys it did not generate', async () => {
    await expect(storage.get('../etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(storage.put('a/../b', Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid storage key');
  });
});

describe('local storage: temporary files of killed uploads', () => {
  it('removes those last written before the cut-off and keeps a fresh one, which may still be streaming', async () => {
    const root = path.join(tempDir, 'abandoned');
    const storage = createLocalStorage(root);
    const incoming = path.join(root, '.incoming');
    await mkdir(incoming, { recursive: true });
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    for (const [name, age] of [
      ['stale-1', 3],
      ['stale-2', 2],
      ['fresh', 0],
    ] as const) {
      await writeFile(path.join(incoming, name), randomBytes(100));
      await utimes(path.join(incoming, name), hoursAgo(age), hoursAgo(age));
    }
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('stored')]));

    expect(await storage.removeAbandonedUploads(hoursAgo(1))).toBe(2);
    expect(await readdir(incoming)).toEqual(['fresh']);
    expect(await keysOf(storage)).toEqual([key]);
    expect(await storage.removeAbandonedUploads(hoursAgo(1))).toBe(0);
  });

  it('answers 0 before any upload created the folder', async () => {
    const storage = createLocalStorage(path.join(tempDir, 'never-used'));
    expect(await storage.removeAbandonedUploads(new Date())).toBe(0);
  });
});

describe('createStorage', () => {
  it('picks the driver the configuration names', () => {
    const local = loadConfig({ DATA_DIR: tempDir });
    expect(createStorage(local).driver).toBe('local');
    const s3 = loadConfig({ DATA_DIR: tempDir, STORAGE_DRIVER: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: s3Endpoint });
    expect(createStorage(s3).driver).toBe('s3');
  });

  it('refuses s3 without a bucket', () => {
    expect(() => createStorage(loadConfig({ DATA_DIR: tempDir, STORAGE_DRIVER: 's3' }))).toThrow('S3_BUCKET');
  });
});
