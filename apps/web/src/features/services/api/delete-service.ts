import type { ServiceDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import { serviceKeys } from './service-keys';

/** `version` is the one the list showed: a service changed since is not deleted (412). */
export function deleteService(id: number, version?: string) {
  return api.delete(`/document/services/${id}`, { ifMatch: version });
}

export function useDeleteService(
  options: { onSuccess?: (service: ServiceDto) => void; onStale?: (service: ServiceDto) => void } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service: ServiceDto) => deleteService(service.id, service.version),
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
    onError: async (error, service) => {
      if (staleVersionOf(error)) {
        // Someone changed it after the list loaded: say so and show it as it is now.
        notify.error(t('services.messages.changedMeanwhile', { name: service.displayName }), {
          key: 'service-deleted',
        });
        options.onStale?.(service);
        queryClient.removeQueries({ queryKey: serviceKeys.detail(service.id) });
        await queryClient.invalidateQueries({ queryKey: serviceKeys.lists() });
        return;
      }
      notify.error(
        // A 409 means clients use the service: deactivating is what the user can do instead.
        isApiError(error, 409)
          ? t('services.messages.deleteInUse', { name: service.displayName })
          : t('services.messages.deleteFailed'),
        { key: 'service-deleted' },
      );
    },
  });
}
