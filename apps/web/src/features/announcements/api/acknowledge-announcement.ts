import type { AcknowledgeAnnouncementInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function acknowledgeAnnouncement({ id, input }: { id: number; input: AcknowledgeAnnouncementInput }) {
  return api.post(`/document/announcements/${id}/acknowledge`, { body: input });
}

export function useAcknowledgeAnnouncement() {
  return useMutation({ mutationFn: acknowledgeAnnouncement });
}
