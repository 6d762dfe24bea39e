import type { MyClientDto } from '@ledgerport/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { setCurrentClient, useSession } from '@/lib/session';
import { useMyClients } from '../api/get-my-clients';
import { useSetCurrentClient } from '../api/set-current-client';

export type CurrentClientStep =
  | { status: 'done' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  /** An empty `clients` list means the user has no account yet and creates one. */
  | { status: 'choosing'; clients: readonly MyClientDto[]; pending: boolean; choose: (clientId: number) => void };

/**
 * Step 3 of the client layout flow (spec 01 section 2.3): a client user works inside one current
 * client. With one account it is chosen automatically, with several the user picks one, and with
 * none (a newly registered client) the user creates one, which is then chosen automatically.
 */
export function useCurrentClientStep({ enabled }: { enabled: boolean }): CurrentClientStep {
  const { t } = useTranslation();
  const { currentClient } = useSession();
  const clients = useMyClients({ enabled });
  const { mutate: chooseClient, isPending, isError: choiceFailed } = useSetCurrentClient();
  const autoChosen = useRef(false);
  const list = clients.data;
  const storedIsKnown = currentClient !== null && (list === undefined || list.some((c) => c.id === currentClient.id));

  useEffect(() => {
    if (!enabled || !list) return;
    if (currentClient && !list.some((c) => c.id === currentClient.id)) {
      // The stored account was unlinked from this user since it was chosen: choose again.
      setCurrentClient(null);
      return;
    }
    const only = list.length === 1 ? list[0] : undefined;
    // The ref keeps StrictMode's second effect run from sending a second PUT.
    if (!currentClient && only && !autoChosen.current) {
      autoChosen.current = true;
      chooseClient(only.id);
    }
  }, [enabled, list, currentClient, chooseClient]);

  useEffect(() => {
    if (enabled && clients.isError) notify.error(t('errors.fetch'), { key: 'my-clients' });
  }, [enabled, clients.isError, t]);

  if (!enabled || storedIsKnown) return { status: 'done' };
  if (clients.isError) return { status: 'error', retry: () => void clients.refetch() };
  if (!list) return { status: 'loading' };
  // A failed automatic choice falls back to the chooser so the user can try again.
  if (list.length === 1 && !choiceFailed) return { status: 'loading' };
  return {
    status: 'choosing',
    clients: list,
    pending: isPending,
    choose: (clientId) => chooseClient(clientId),
  };
}
