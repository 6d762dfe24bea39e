import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, type FormPart } from '../../../modules/documents/__tests__/multipart.js';
import { errorHandlerPlugin } from '../../../plugins/error-handler.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { createLocalStorage } from '../../storage/local-storage.js';
import type { BlobStorage } from '../../storage/index.js';
import { consumeMultipart, createFileIntake, type IntakeOutcome, type MultipartRefusals } from '../index.js';

const MAX_BYTES = 64 * 1024;
const REFUSALS: MultipartRefusals = { subject: 'test', tooManyFiles: { message: 'Two files at most.', code: 'X' } };

/** One route that stores every file through the intake and answers each outcome. */
async function buildApp(storage: BlobStorage): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(multipart, {
    limits: { fileSize: MAX_BYTES + 1, files: 2, fields: 2, parts: 4 },
    throwFileSizeLimit: false,
  });
  const intake = createFileIntake({ storage, queue: {} as JobQueue });
  app.post('/intake', async (request) =>
    consumeMultipart(request, REFUSALS, async (parts) => {
      const outcomes: IntakeOutcome[] = [];
      for await (const part of parts) {
        if (part.kind === 'file') outcomes.push(await intake.store(part, { keyPrefix: 'test', maxBytes: MAX_BYTES }));
      }
      return outcomes;
    }),
  );
  return app;
}

describe('file intake', () => {
  let dir: string;
  let storage: BlobStorage;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-intake-'));
    storage = createLocalStorage(dir);
    app = await buildApp(storage);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (parts: FormPart[]) => app.inject({ method: 'POST', url: '/intake', ...multipartBody(parts) });
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const blob of storage.list()) keys.push(blob.key);
    return keys.sort();
  };

  it('stores a sniffed file and refuses the empty, the mistyped and the too large one by name', async () => {
    const before = await storedKeys();
    const response = await post([
      { name: 'a', fileName: 'scan.pdf', content: pdfBytes() },
      { name: 'b', fileName: 'scan.png', content: pdfBytes() },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [stored, refused] = response.json();
    expect(stored.stored).toMatchObject({ fileName: 'scan.pdf', contentType: 'application/pdf' });
    expect(stored.stored.storageKey).toMatch(/^test\//);
    expect(refused).toEqual({ refused: 'unsupported', fileName: 'scan.png' });
    expect(await storedKeys()).toEqual([...before, stored.stored.storageKey].sort());

    const more = await post([
      { name: 'a', fileName: 'empty.pdf', content: Buffer.alloc(0) },
      { name: 'b', fileName: 'big.pdf', content: Buffer.concat([pdfBytes(), Buffer.alloc(MAX_BYTES)]) },
    ]);
    expect(more.json()).toEqual([
      { refused: 'empty', fileName: 'empty.pdf' },
      { refused: 'too-large', fileName: 'big.pdf' },
    ]);
    expect(await storedKeys()).toEqual([...before, stored.stored.storageKey].sort());

    await createFileIntake({ storage, queue: {} as JobQueue }).remove([stored.stored]);
    expect(await storedKeys()).toEqual(before);
  });

  it('answers the parser’s refusals with one status each', async () => {
    const file = (name: string) => ({ name, fileName: `${name}.pdf`, content: pdfBytes() });
    const tooManyFiles = await post([file('a'), file('b'), file('c')]);
    expect(tooManyFiles.statusCode).toBe(413);
    expect(tooManyFiles.json().error).toMatchObject({ code: 'X', message: 'Two files at most.' });

    const tooManyFields = await post([
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
      { name: 'c', value: '3' },
    ]);
    expect(tooManyFields.statusCode).toBe(400);

    const json = await app.inject({ method: 'POST', url: '/intake', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe('Send the test as multipart/form-data.');

    const { payload, headers } = multipartBody([file('a')]);
    const cut = await app.inject({ method: 'POST', url: '/intake', headers, payload: payload.subarray(0, 200) });
    expect(cut.statusCode).toBe(400);
  });
});
