import type { AccountSubtype, InstitutionDto, LinkTokenResult } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { createInstitutionAccounts, reconnectInstitution } from '../../api/create-institution-accounts';
import { createLinkToken, createReconnectLinkToken } from '../../api/create-link-token';
import { reconciliationKeys } from '../../api/reconciliation-keys';

export type LinkRequest = { kind: 'add'; subtype: AccountSubtype } | { kind: 'reconnect'; institution: InstitutionDto };

/** A link flow under way: what it is for and the token the provider's dialog runs with. */
export interface LinkSession {
  request: LinkRequest;
  token: LinkTokenResult;
}

const MESSAGE_KEY = 'reconciliation-link';

/**
 * Adding an account and reconnecting an institution run the same three steps: the server makes a
 * link token, the provider's dialog (Plaid Link or the sandbox bank) turns a sign-in into a public
 * token, and the server exchanges it.
 */
export function useBankLink(clientId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<LinkSession | null>(null);

  const failed = (request: LinkRequest) =>
    notify.error(
      t(request.kind === 'add' ? 'reconciliation.messages.couldNotAdd' : 'reconciliation.messages.somethingWrong'),
      { key: MESSAGE_KEY },
    );

  const start = useMutation({
    mutationFn: (request: LinkRequest) =>
      request.kind === 'add'
        ? createLinkToken(clientId, request.subtype)
        : createReconnectLinkToken(clientId, request.institution.id),
    onSuccess: (token, request) => setSession({ request, token }),
    onError: (_error, request) => failed(request),
  });

  const finish = useMutation({
    mutationFn: async ({ request, publicToken }: { request: LinkRequest; publicToken: string | undefined }) => {
      if (request.kind === 'add') {
        if (!publicToken) throw new Error('Link answered no public token');
        queryClient.setQueryData(
          reconciliationKeys.accounts(clientId),
          await createInstitutionAccounts(clientId, publicToken),
        );
      } else {
        await reconnectInstitution(clientId, request.institution.id, publicToken);
      }
    },
    onSuccess: (_result, { request }) =>
      notify.success(
        t(request.kind === 'add' ? 'reconciliation.messages.added' : 'reconciliation.messages.reconnected'),
        { key: MESSAGE_KEY },
      ),
    onError: (_error, { request }) => failed(request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.accounts(clientId) }),
  });

  return {
    session,
    /** Which request is getting its token, to show that button as busy. */
    starting: start.isPending ? start.variables : null,
    finishing: finish.isPending,
    start: (request: LinkRequest) => start.mutate(request),
    /** The provider's dialog succeeded. */
    complete: (publicToken: string | undefined) => {
      if (!session) return;
      setSession(null);
      finish.mutate({ request: session.request, publicToken });
    },
    /** The dialog closed without a public token; only a provider error is worth a message. */
    cancel: (providerFailed = false) => {
      if (session && providerFailed) failed(session.request);
      setSession(null);
    },
  };
}

export type BankLink = ReturnType<typeof useBankLink>;
