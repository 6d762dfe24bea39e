import { serviceDtoSchema, type ServiceDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import { serviceKeys } from './service-keys';

/**
 * Activates an inactive service, deactivates an active one; sent with the version the list showed,
 * so a service changed since is left as it is (412).
 */
export function patchServiceStatus(service: ServiceDto) {
  const action = service.isActive ? 'deactivate' : 'activate';
  return api.patch(`/document/services/${service.id}/${action}`, {
    schema: serviceDtoSchema,
    ifMatch: service.version,
  });
}

export function useChangeServiceStatus(
  options: { onSuccess?: (service: ServiceDto) => void; onStale?: (service: ServiceDto) => void } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchServiceStatus,
    onSuccess: async (service) => {
      const key = service.isActive ? 'services.messages.activated' : 'services.messages.deactivated';
      notify.success(t(key, { name: service.displayName }), { key: 'service-status' });
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
          key: 'service-status',
        });
        options.onStale?.(service);
        queryClient.removeQueries({ queryKey: serviceKeys.detail(service.id) });
        await queryClient.invalidateQueries({ queryKey: serviceKeys.lists() });
        return;
      }
      notify.error(t(service.isActive ? 'services.messages.deactivateFailed' : 'services.messages.activateFailed'), {
        key: 'service-status',
      });
    },
  });
}
