import { useEffect } from 'react';
import { usePlaidLink } from 'react-plaid-link';

interface PlaidLinkOpenerProps {
  linkToken: string;
  /** Plaid may answer no public token (update mode); a reconnect needs none. */
  onSuccess: (publicToken: string | undefined) => void;
  /** `failed`: Link closed on an error rather than by the user. */
  onExit: (failed: boolean) => void;
}

/**
 * Opens Plaid Link as soon as its script is ready. Its own module, loaded only in Plaid mode, so the
 * Link script and this wrapper stay out of the page for the offline bank.
 */
export default function PlaidLinkOpener({ linkToken, onSuccess, onExit }: PlaidLinkOpenerProps) {
  const { open, ready } = usePlaidLink({
    token: linkToken,
    onSuccess: (publicToken) => onSuccess(publicToken ?? undefined),
    onExit: (error) => onExit(error !== null),
  });
  useEffect(() => {
    if (ready) open();
  }, [ready, open]);
  return null;
}
