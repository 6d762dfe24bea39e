import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { clientEditKeys } from './client-edit-keys';

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the picture'));
    reader.readAsDataURL(blob);
  });
}

/** `GET document/clients/{id}/profile-picture` as a data URL (fetched with the bearer token), or null. */
export async function getClientPicture(id: number, size: number, signal?: AbortSignal): Promise<string | null> {
  try {
    const { blob } = await api.getBlob(`/document/clients/${id}/profile-picture`, { query: { width: size }, signal });
    return await readAsDataUrl(blob);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function clientPictureQueryOptions(id: number, size: number) {
  return queryOptions({
    queryKey: clientEditKeys.picture(id, size),
    queryFn: ({ signal }) => getClientPicture(id, size, signal),
  });
}

export function useClientPicture(id: number, size: number, { enabled }: { enabled: boolean }): string | null {
  const query = useQuery({ ...clientPictureQueryOptions(id, size * 2), enabled });
  return enabled ? (query.data ?? null) : null;
}
