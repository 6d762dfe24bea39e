import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** Enough for file-type to recognise every allowed format (its own stream helper samples as much). */
export const SNIFF_BYTES = 4100;

const OFFICE_ZIP: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const LEGACY_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const PLAIN_TEXT: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

/** Sniffed type (file-type's `ext`) -> the file-name extensions that may carry it. */
const ALLOWED: Record<string, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  gif: ['gif'],
  webp: ['webp'],
  heic: ['heic', 'heif'],
  tif: ['tif', 'tiff'],
  bmp: ['bmp'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  // Legacy Office files are all Compound File Binary containers; the extension says which.
  cfb: Object.keys(LEGACY_OFFICE),
  // A modern Office file whose first entries are not the ones file-type looks at is still a zip.
  zip: ['zip', ...Object.keys(OFFICE_ZIP)],
};

export type SniffResult = { ok: true; contentType: string } | { ok: false; reason: 'empty' | 'unsupported' };

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** Text without a magic number: valid UTF-8 (a sequence cut at the sample's end is fine) and no NUL. */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Decides from the first bytes whether a file may be stored, and as which content type. The
 * extension must agree with the content, so an executable renamed .pdf, or a PDF named .png, is
 * refused: the browser and the user's desktop would otherwise trust the name.
 */
export async function sniffContent(head: Buffer, fileName: string): Promise<SniffResult> {
  if (head.length === 0) return { ok: false, reason: 'empty' };
  const extension = extensionOf(fileName);
  const detected = await fileTypeFromBuffer(head);
  if (!detected) {
    const text = PLAIN_TEXT[extension];
    return text && looksLikeText(head) ? { ok: true, contentType: text } : { ok: false, reason: 'unsupported' };
  }
  if (!ALLOWED[detected.ext]?.includes(extension)) return { ok: false, reason: 'unsupported' };
  const contentType =
    detected.ext === 'cfb'
      ? LEGACY_OFFICE[extension]!
      : detected.ext === 'zip' && OFFICE_ZIP[extension]
        ? OFFICE_ZIP[extension]
        : detected.mime;
  return { ok: true, contentType };
}

/**
 * Reads up to `bytes` from the start of `source` and gives them back with a stream of the whole
 * content (those bytes first, then the rest of `source`), so the sample is all that is held.
 * `source` is never destroyed from here: a multipart parser must be able to read past a refused file.
 */
export async function peek(source: Readable, bytes = SNIFF_BYTES): Promise<{ head: Buffer; content: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= bytes) break;
  }
  const sampled = Buffer.concat(chunks);
  const content = Readable.from(
    (async function* () {
      yield sampled;
      yield* source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
    })(),
    { objectMode: false },
  );
  return { head: sampled.subarray(0, bytes), content };
}

/** Reads a stream to its end, discarding it (a refused file, so parsing can move on). */
export async function discard(source: Readable): Promise<void> {
  for await (const _chunk of source.iterator({ destroyOnReturn: false })) {
    // Nothing kept.
  }
}

/** The user's file name as metadata: no folders, no control characters, never empty. */
export function sanitiseFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = base === '.' || base === '..' ? '' : base;
  if (!name) return 'file';
  if (name.length <= 255) return name;
  const extension = extensionOf(name);
  return extension && extension.length < 20
    ? `${name.slice(0, 254 - extension.length)}.${extension}`
    : name.slice(0, 255);
}

/** The display name a document gets when the uploader gives none: the file name without extension. */
export function displayNameFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}
