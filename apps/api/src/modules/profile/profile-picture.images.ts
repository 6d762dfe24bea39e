import { ERROR_CODE, PROFILE_PICTURE } from '@ledgerport/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/errors.js';

type PictureType = (typeof PROFILE_PICTURE.contentTypes)[number];

/** A 5 MB PNG can still claim a gigapixel canvas: refuse to decode anything larger than this. */
const MAX_INPUT_PIXELS = 40_000_000;

function unsupported() {
  return new AppError(415, ERROR_CODE.unsupportedMediaType, 'The profile picture must be a PNG or JPEG image.');
}

function isPictureType(mime: string): mime is PictureType {
  return (PROFILE_PICTURE.contentTypes as readonly string[]).includes(mime);
}

function encode(image: Sharp, contentType: PictureType): Promise<Buffer> {
  return contentType === 'image/png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/**
 * Checks an uploaded picture by its content (the name and the declared type are the sender's word)
 * and re-encodes it: turned upright per its EXIF orientation, scaled to fit the largest size anyone
 * may ask for, and stripped of metadata, which in phone photos includes where they were taken.
 */
export async function normalisePicture(upload: Buffer): Promise<{ contentType: PictureType; data: Buffer }> {
  const detected = await fileTypeFromBuffer(upload);
  if (!detected || !isPictureType(detected.mime)) throw unsupported();
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({
      width: PROFILE_PICTURE.maxSize,
      height: PROFILE_PICTURE.maxSize,
      fit: 'inside',
      withoutEnlargement: true,
    });
    return { contentType: detected.mime, data: await encode(image, detected.mime) };
  } catch {
    // Right magic bytes, broken or oversized image.
    throw unsupported();
  }
}

/** Scales a stored picture to the asked width and/or height, keeping its aspect ratio and never enlarging it. */
export async function resizePicture(
  data: Buffer,
  contentType: string,
  size: { width?: number; height?: number },
): Promise<Buffer> {
  if (size.width === undefined && size.height === undefined) return data;
  if (!isPictureType(contentType)) return data;
  const image = sharp(data).resize({ width: size.width, height: size.height, fit: 'inside', withoutEnlargement: true });
  return encode(image, contentType);
}
