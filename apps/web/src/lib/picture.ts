import { PROFILE_PICTURE } from '@ledgerport/shared';
import { useEffect, useState } from 'react';

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
