import { BANK_LINK_MODE } from '@ledgerport/shared';
import { lazy, Suspense } from 'react';
import type { BankLink } from './use-bank-link';
import { SandboxLinkDialog } from './sandbox-link-dialog';

const PlaidLinkOpener = lazy(() => import('./plaid-link-opener'));

/** The provider's dialog for the link session under way, if any. */
export function BankLinkFlow({ link }: { link: BankLink }) {
  const { session } = link;
  if (!session) return null;
  if (session.token.mode === BANK_LINK_MODE.plaid) {
    return (
      <Suspense fallback={null}>
        <PlaidLinkOpener
          key={session.token.linkToken}
          linkToken={session.token.linkToken}
          onSuccess={link.complete}
          onExit={link.cancel}
        />
      </Suspense>
    );
  }
  return (
    <SandboxLinkDialog
      key={session.token.linkToken}
      linkToken={session.token.linkToken}
      reconnectInstitutionName={session.request.kind === 'reconnect' ? session.request.institution.name : undefined}
      onSuccess={link.complete}
      onClose={() => link.cancel()}
    />
  );
}
