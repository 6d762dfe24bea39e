import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { ConnectionsNeedingAction } from '@/features/reconciliation/components/connections-needing-action';
import { href } from '../../routes-table';

/** Every client's linked banks needing a reconnect, each opening that client's Reconciliations. */
export function BankConnectionsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.bankConnections')}</PageTitle>
      <ConnectionsNeedingAction clientHref={(clientId) => href('Reconciliations', null, { clientId })} />
    </>
  );
}
