import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPicture } from '@/lib/picture';
import { clientEditKeys } from './client-edit-keys';

/** `GET document/clients/{id}/profile-picture` as a data URL (fetched with the bearer token), or null. */
export function getClientPicture(id: number, size: number, signal?: AbortSignal): Promise<string | null> {
  return fetchPicture(`/document/clients/${id}/profile-picture`, size, signal);
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
