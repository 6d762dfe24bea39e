import { PROFILE_PICTURE } from '@ledgerport/shared';
import { useEffect, useState } from 'react';
import { api, isApiError } from './api-client';

const PICTURE_EXTENSION = /\.(png|jpe?g)$/i;

/**
 * Why a chosen picture (user or client) would be refused, or null. The server checks the content;
 * this only spares the user an upload that would fail.
 */
export function pictureProblem(file: File): 'invalidType' | 'tooLarge' | null {
  const typeOk = (PROFILE_PICTURE.contentTypes as readonly string[]).includes(file.type);
  // Some systems give no type at all; the name decides then.
  if (!typeOk && !(file.type === '' && PICTURE_EXTENSION.test(file.name))) return 'invalidType';
  if (file.size > PROFILE_PICTURE.maxBytes) return 'tooLarge';
  return null;
}

/** A local preview of a chosen file, released when it is replaced or the form goes away. */
export function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the picture'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A stored picture (`.../profile-picture` routes) as a data URL, or null when there is none (404).
 * Fetched with the bearer token, which an <img src> could not send; a data URL, unlike an object
 * URL, needs no revoking when the component goes. `width` in device pixels.
 */
export async function fetchPicture(path: string, width: number, signal?: AbortSignal): Promise<string | null> {
  try {
    const { blob } = await api.getBlob(path, { query: { width }, signal });
    return await readAsDataUrl(blob);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}
