import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPicture } from '@/lib/picture';
import { accountKeys } from './account-keys';

/** `GET document/clients/{id}/profile-picture` (owners and active collaborators may read it), or null. */
export function getClientPicture(clientId: number, width: number, signal?: AbortSignal) {
  return fetchPicture(`/document/clients/${clientId}/profile-picture`, width, signal);
}

export function clientPictureQueryOptions(clientId: number, width: number) {
  return queryOptions({
    queryKey: [...accountKeys.details(clientId), 'picture', width] as const,
    queryFn: ({ signal }) => getClientPicture(clientId, width, signal),
    // A failed fetch shows the initials; asking again on every panel opening would not help.
    retry: false,
  });
}

/** `size` in CSS pixels; twice as many device pixels are asked for, so the picture stays sharp on HiDPI screens. */
export function useClientPicture(clientId: number, size: number): string | null {
  return useQuery(clientPictureQueryOptions(clientId, size * 2)).data ?? null;
}
