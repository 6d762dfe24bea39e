/** The API calls the harness makes outside autocannon: sign-in, JSON reads and writes, streamed uploads, timed downloads. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const MB = 1024 * 1024;
const PDF_HEAD = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

export async function signIn(base, usernameOrEmailAddress, password) {
  const response = await fetch(`${base}/api/v1/authentication/account/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmailAddress, password }),
  });
  const body = await response.json();
  const token = body.accessToken ?? body.user?.jwtToken?.accessToken;
  if (!token) throw new Error(`Sign-in failed (${response.status}): ${JSON.stringify(body).slice(0, 300)}`);
  return token;
}

/** GET that must answer 200 with JSON; returns the body. */
export async function getJson(url, headers) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** PUT with a JSON body that must answer 2xx; returns the body. */
export async function putJson(url, headers, body) {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`PUT ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A whole multipart body in memory (small files only: the autocannon upload scenario sends it again and again). */
export function multipartBody(fields, files) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="Files"; filename="${file.name}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      PDF_HEAD,
      randomBytes(Math.max(0, file.bytes - PDF_HEAD.length)),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One multipart request with `files` parts of `fileBytes` each, generated on the fly (never held whole). */
export function streamUpload(url, token, fields, files, fileBytes) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const chunk = randomBytes(MB);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (d) => (body += d));
      response.on('end', () => resolve({ status: response.statusCode, body }));
    });
    request.on('error', reject);
    const write = (data) => (request.write(data) ? Promise.resolve() : new Promise((r) => request.once('drain', r)));
    (async () => {
      for (const [name, value] of fields) {
        await write(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      }
      for (let f = 0; f < files; f++) {
        await write(
          `--${boundary}\r\nContent-Disposition: form-data; name="Files"; filename="bench-${f}.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
        );
        await write(PDF_HEAD);
        let sent = PDF_HEAD.length;
        while (sent < fileBytes) {
          const part = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
          await write(part);
          sent += part.length;
        }
        await write('\r\n');
      }
      request.end(`--${boundary}--\r\n`);
    })().catch(reject);
  });
}

/** GET read to the end: status, bytes, time to the first body byte and to the last, in ms. */
export function timedGet(url, headers) {
  const started = process.hrtime.bigint();
  const since = () => Number(process.hrtime.bigint() - started) / 1e6;
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let firstByteMs;
        let bytes = 0;
        response.on('data', (d) => {
          firstByteMs ??= since();
          bytes += d.length;
        });
        response.on('end', () => resolve({ status: response.statusCode, bytes, firstByteMs, totalMs: since() }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
