import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

export interface UploadTarget {
  clientId: number;
  serviceId: number;
  tagId: number;
}

/** A demo client with one of its services, and the demo "Other Documents" tag (valid for every service). */
export async function uploadTarget(databaseUrl: string): Promise<UploadTarget> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const target = await client.query<{ client_id: number; service_id: number }>(
      'select client_id, service_id from client_services order by client_id, service_id limit 1',
    );
    const tag = await client.query<{ id: number }>(
      `select t.id from tags t join tag_groups g on g.id = t.tag_group_id
        where t.name = 'other-documents' and g.is_main_tag_group`,
    );
    if (!target.rows[0] || !tag.rows[0]) throw new Error('The demo firm is not seeded.');
    return { clientId: target.rows[0].client_id, serviceId: target.rows[0].service_id, tagId: tag.rows[0].id };
  } finally {
    await client.end();
  }
}

/** The start of a PDF, so content sniffing accepts the file; the rest is filler. */
const PDF_HEAD = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ledgerport fault test\n');

export interface UploadOptions {
  totalBytes: number;
  /** Bytes written per step and the pause between steps: a slow client, or none for full speed. */
  chunkBytes?: number;
  pauseMs?: number;
}

export interface RunningUpload {
  /** Hex SHA-256 of the whole file, once all of it was written; undefined before. */
  sha256(): string | undefined;
  /** Bytes of the file written to the socket so far. */
  sent(): number;
  /** The response, or the error that ended the request (the server died, refused the connection). */
  response: Promise<{ status: number; body: string }>;
}

/**
 * POST document/documents/my-upload as one streamed multipart request with one generated PDF of
 * `totalBytes`, never held in memory whole.
 */
export function startUpload(
  baseUrl: string,
  auth: { authorization: string },
  target: UploadTarget,
  { totalBytes, chunkBytes = 1024 * 1024, pauseMs = 0 }: UploadOptions,
): RunningUpload {
  const boundary = `----ledgerportfaults${randomBytes(8).toString('hex')}`;
  const hash = createHash('sha256');
  const filler = randomBytes(chunkBytes);
  let sent = 0;
  let digest: string | undefined;
  const fields = { ClientId: target.clientId, ServiceId: target.serviceId, Tags: target.tagId };
  const preamble = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="Files"; filename="fault-${randomBytes(4).toString('hex')}.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const url = new URL('/api/v1/document/documents/my-upload', baseUrl);
  const request = http.request(url, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
      incoming.on('error', reject);
    });
    request.on('error', reject);
  });
  // Awaited by the caller through `response`; a write after the socket died only rejects that.
  response.catch(() => undefined);

  const write = (chunk: Buffer) =>
    new Promise<void>((resolve) => {
      if (request.destroyed) return resolve();
      if (request.write(chunk)) resolve();
      else request.once('drain', resolve);
    });
  void (async () => {
    await write(preamble);
    const head = PDF_HEAD;
    hash.update(head);
    await write(head);
    sent += head.length;
    while (sent < totalBytes && !request.destroyed) {
      const piece = filler.subarray(0, Math.min(filler.length, totalBytes - sent));
      hash.update(piece);
      await write(piece);
      sent += piece.length;
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    if (sent >= totalBytes) digest = hash.digest('hex');
    if (!request.destroyed) request.end(Buffer.from(`\r\n--${boundary}--\r\n`));
  })();
  return { sha256: () => digest, sent: () => sent, response };
}
