/** Service icons (spec 01 section 3): a PNG of at most this size, sent and stored as base64. */
export const SERVICE_ICON_MAX_BYTES = 256 * 1024;
export const SERVICE_ICON_MIME_TYPE = 'image/png';

/** The longest base64 text an icon of the maximum size can take. */
export const SERVICE_ICON_MAX_BASE64_LENGTH = Math.ceil(SERVICE_ICON_MAX_BYTES / 3) * 4;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Size of the bytes behind well-formed base64 text, without decoding it. */
export function base64DecodedLength(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

/** The first bytes behind base64 text: enough to read a file signature without decoding it all. */
function decodeBase64Prefix(value: string, byteCount: number): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of value) {
    if (bytes.length >= byteCount || char === '=') break;
    buffer = (buffer << 6) | BASE64_ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** Checks the content, not a name or a declared type: a renamed JPEG is not a PNG. */
export function isPngBase64(value: string): boolean {
  if (!BASE64_PATTERN.test(value)) return false;
  const head = decodeBase64Prefix(value, PNG_SIGNATURE.length);
  return head.length === PNG_SIGNATURE.length && head.every((byte, index) => byte === PNG_SIGNATURE[index]);
}
