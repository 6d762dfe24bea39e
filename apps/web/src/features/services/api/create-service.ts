import { serviceDtoSchema, type ServiceDto, type ServiceInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import { serviceKeys } from './service-keys';

export function postService(input: ServiceInput) {
  return api.post('/document/services', { body: input, schema: serviceDtoSchema });
}

export function useCreateService(options: { onSuccess?: (service: ServiceDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postService,
    onSuccess: async (service) => {
      notify.success(t('common.messages.created', { name: service.displayName }), { key: 'service-saved' });
      options.onSuccess?.(service);
      // Every service picker and the home screen's services show what this screen changes.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKeys.lists() }),
        invalidateReferenceData(queryClient, 'services'),
      ]);
    },
    onError: () => notify.error(t('services.messages.createFailed'), { key: 'service-saved' }),
  });
}
