import type { ServiceDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import { serviceKeys } from './service-keys';

export function deleteService(id: number) {
  return api.delete(`/document/services/${id}`);
}

export function useDeleteService(options: { onSuccess?: (service: ServiceDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service: ServiceDto) => deleteService(service.id),
    onSuccess: async (_, service) => {
      notify.success(t('services.messages.deleted', { name: service.displayName }), { key: 'service-deleted' });
      options.onSuccess?.(service);
      queryClient.removeQueries({ queryKey: serviceKeys.detail(service.id) });
      // Every service picker and the home screen's services show what this screen changes.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKeys.lists() }),
        invalidateReferenceData(queryClient, 'services'),
      ]);
    },
    onError: (error, service) =>
      notify.error(
        // A 409 means clients use the service: deactivating is what the user can do instead.
        isApiError(error, 409)
          ? t('services.messages.deleteInUse', { name: service.displayName })
          : t('services.messages.deleteFailed'),
        { key: 'service-deleted' },
      ),
  });
}
