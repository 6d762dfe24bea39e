import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the picture'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The signed-in user's picture as a data URL, or null when there is none. It is fetched with the
 * bearer token (an <img src> could not send it) and turned into a data URL, which, unlike an object
 * URL, needs no revoking when the component goes.
 */
export async function getMyProfilePicture(size: number, signal?: AbortSignal): Promise<string | null> {
  try {
    const { blob } = await api.getBlob('/identity/users/me/profile-picture', { query: { width: size }, signal });
    return await readAsDataUrl(blob);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function myProfilePictureQueryOptions(size: number) {
  return queryOptions({
    queryKey: profileKeys.myPicture(size),
    queryFn: ({ signal }) => getMyProfilePicture(size, signal),
    staleTime: 5 * 60_000,
  });
}

/** `size` in CSS pixels; twice as many device pixels are asked for, so the picture stays sharp on HiDPI screens. */
export function useMyProfilePicture(size: number, { enabled }: { enabled: boolean }): string | null {
  const query = useQuery({ ...myProfilePictureQueryOptions(size * 2), enabled });
  return enabled ? (query.data ?? null) : null;
}
