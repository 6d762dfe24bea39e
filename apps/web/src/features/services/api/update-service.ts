import { serviceDtoSchema, type ServiceDto, type ServiceInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import { serviceKeys } from './service-keys';

/** `version` is the one the form loaded: a save over a newer one is refused (412). */
export function putService({ id, input, version }: { id: number; input: ServiceInput; version?: string }) {
  return api.put(`/document/services/${id}`, { body: input, schema: serviceDtoSchema, ifMatch: version });
}

export function useUpdateService(options: { onSuccess?: (service: ServiceDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putService,
    onSuccess: async (service) => {
      notify.success(t('common.messages.updated', { name: service.displayName }), { key: 'service-saved' });
      options.onSuccess?.(service);
      queryClient.setQueryData(serviceKeys.detail(service.id), service);
      // Every service picker and the home screen's services show what this screen changes.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKeys.lists() }),
        invalidateReferenceData(queryClient, 'services'),
      ]);
    },
    // A 412 is the form's to show (FormConflictAlert): what was typed stays.
    onError: (error) => {
      if (!staleVersionOf(error)) notify.error(t('services.messages.updateFailed'), { key: 'service-saved' });
    },
  });
}
