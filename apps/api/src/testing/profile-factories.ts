import sharp from 'sharp';
import type { Db } from '../db/client.js';
import { userProfilePictures } from '../db/schema/index.js';

/** A real PNG of the given size (a flat colour), as a browser would upload it. */
export function createPng(width = 400, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
}

export function createJpeg(width = 400, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ff6633' } })
    .jpeg()
    .toBuffer();
}

/** Stores a picture for a user directly, for tests about reading pictures. */
export async function setProfilePicture(db: Db, userId: number, data?: Buffer): Promise<void> {
  const picture = { contentType: 'image/png', data: data ?? (await createPng(64, 64)) };
  await db
    .insert(userProfilePictures)
    .values({ userId, ...picture })
    .onConflictDoUpdate({ target: userProfilePictures.userId, set: picture });
}

/** The multipart form of `PUT identity/users/me`, with the field names existing clients send. */
export function profileForm(
  fields: Record<string, string>,
  picture?: { data: Buffer; fileName?: string; type?: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (picture) {
    form.append(
      'ProfilePicture',
      new Blob([new Uint8Array(picture.data)], { type: picture.type ?? 'image/png' }),
      picture.fileName ?? 'me.png',
    );
  }
  return form;
}
