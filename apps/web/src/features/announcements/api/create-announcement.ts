import { announcementDetailsSchema, type CreateAnnouncementInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementKeys } from './announcement-keys';

export function createAnnouncement(input: CreateAnnouncementInput) {
  return api.post('/document/announcements', { body: input, schema: announcementDetailsSchema });
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.lists() }),
  });
}
