import { unreadCountDtoSchema } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NOTIFICATIONS_PATH, notificationKeys } from './notification-keys';

/** `id` one notification, or 'all'. Both answer the new count, which the bell shows at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      api.put(id === 'all' ? `${NOTIFICATIONS_PATH}/read-all` : `${NOTIFICATIONS_PATH}/${id}/read`, {
        schema: unreadCountDtoSchema,
      }),
    onSuccess: async (count) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), count);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
