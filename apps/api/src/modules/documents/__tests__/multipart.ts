import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { tagGroups, tags } from '../../../db/schema/index.js';

export type FormPart =
  | { name: string; value: string | number | boolean }
  | { name: string; fileName: string; content: Buffer; contentType?: string };

/** A multipart/form-data body built by hand, parts in the given order, as a browser would send it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ledgerport${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('content' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The same body as a stream, with one file's content generated on the fly (large files without
 * holding them in the test either).
 */
export function streamedMultipart(
  fields: Array<{ name: string; value: string | number }>,
  file: { name: string; fileName: string; head: Buffer; totalBytes: number },
  after: Array<{ name: string; fileName: string; content: Buffer }> = [],
): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----ledgerport${randomBytes(8).toString('hex')}`;
  const payload = Readable.from(
    (function* () {
      for (const field of fields) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field.name}"\r\n\r\n${field.value}\r\n`,
        );
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      );
      yield file.head;
      const filler = Buffer.alloc(1024 * 1024, 0x20);
      for (let left = file.totalBytes - file.head.length; left > 0; left -= filler.length) {
        yield left >= filler.length ? filler : filler.subarray(0, left);
      }
      yield Buffer.from('\r\n');
      for (const next of after) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${next.name}"; filename="${next.fileName}"\r\n\r\n`,
        );
        yield next.content;
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${boundary}--\r\n`);
    })(),
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The demo "Other Documents" main-group tag: valid for every demo service and activates nothing. */
export async function otherDocumentsTagId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .innerJoin(tagGroups, eq(tagGroups.id, tags.tagGroupId))
    .where(and(eq(tags.name, 'other-documents'), eq(tagGroups.isMainTagGroup, true)));
  if (!row) throw new Error('The demo tag Other Documents is not seeded.');
  return row.id;
}
