import { CLIENT_TYPE } from '@ledgerport/shared';
import { IconBriefcase, IconUser } from '@tabler/icons-react';

/** Decorative: the account type is also given in text wherever it matters. */
export function AccountTypeIcon({ clientType, size = 18 }: { clientType: number; size?: number }) {
  const Icon = clientType === CLIENT_TYPE.business ? IconBriefcase : IconUser;
  return <Icon size={size} stroke={1.6} aria-hidden />;
}
