/**
 * How stored files are named and served (DESIGN.md section 6: safe serving). A user's file name is
 * only ever metadata: it reaches a response header or a zip entry name after the cleaning here,
 * never a path.
 */

/** Types a browser shows by itself without running anything of the file's: served inline by preview. */
export const INLINE_PREVIEW_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

/**
 * The preview's policy. `sandbox` gives the response an opaque origin with no scripts, forms or
 * same-origin access. Chromium refuses to start its PDF viewer inside a sandboxed document, so PDFs
 * get the same lockdown without the sandbox flag: nothing may load but the PDF itself. Both keep the
 * directives every response carries (base-uri and frame-ancestors do not fall back to default-src).
 */
export const PREVIEW_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'none'; " +
  "base-uri 'none'; frame-ancestors 'none'";
export const PDF_PREVIEW_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; " +
  "base-uri 'none'; frame-ancestors 'none'";

/** Headers every file response carries, whatever its disposition. */
export const SAFE_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

const EXTENSION = /\.([A-Za-z0-9]{1,10})$/;

/** Path separators, and control characters (a CR/LF could otherwise end up splitting a header). */
function isUnsafeNameChar(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f || char === '/' || char === '\\';
}

/** A name safe anywhere a file name goes: no path separators or control characters, never empty or dots only. */
export function safeFileName(name: string): string {
  const cleaned = Array.from(name, (char) => (isUnsafeNameChar(char) ? '_' : char))
    .join('')
    .trim();
  return /^\.*$/.test(cleaned) ? 'document' : cleaned;
}

/**
 * What the user gets: the document's display name, plus the stored file's extension when the
 * display name does not already end with it, so the downloaded file opens with the right program.
 */
export function downloadName(displayName: string, storedFileName: string): string {
  const baseName = storedFileName.split(/[/\\]/).pop() ?? '';
  const extension = EXTENSION.exec(baseName)?.[0];
  const name = safeFileName(displayName);
  if (!extension || name.toLowerCase().endsWith(extension.toLowerCase())) return name;
  return `${name}${extension}`;
}

/** RFC 5987 value-chars: encodeURIComponent leaves `'()*` alone, which are not attr-chars. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * RFC 6266: an ASCII `filename` for old clients (non-ASCII, quotes, backslashes and `%`, which some
 * browsers would percent-decode, become `_`) and the exact name as UTF-8 in `filename*`.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/**
 * Zip entry names, one per file in order: download names made unique case-insensitively (Windows
 * and macOS would otherwise overwrite one with the other), "a.pdf" then "a (2).pdf".
 */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const extension = EXTENSION.exec(name)?.[0] ?? '';
    const stem = name.slice(0, name.length - extension.length);
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** `documents-2026-11-22.zip` (UTC). */
export function zipFileName(now = new Date()): string {
  return `documents-${now.toISOString().slice(0, 10)}.zip`;
}
