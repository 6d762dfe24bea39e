import { myClientDtoSchema, type MyClientDto } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { setCurrentClient } from '@/lib/session';

/** The server scopes client users' requests by the current client, so it is set there first. */
export function putCurrentClient(clientId: number) {
  return api.put('/document/users/me/clients/current', { body: { clientId }, schema: myClientDtoSchema });
}

export function useSetCurrentClient(options: { onSuccess?: (client: MyClientDto) => void } = {}) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: putCurrentClient,
    onSuccess: (client) => {
      setCurrentClient(client);
      options.onSuccess?.(client);
    },
    onError: () => notify.error(t('accounts.selectFailed'), { key: 'set-current-client' }),
  });
}
