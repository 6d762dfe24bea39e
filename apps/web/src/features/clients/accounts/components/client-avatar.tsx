import { Avatar } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientPicture } from '../api/get-client-picture';

const SIZE = 56;

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * The client's profile picture in the Accounts details panel; its initials while it loads, when it
 * has none, or when the picture cannot be fetched or shown (Mantine shows the children then).
 */
export function ClientAvatar({ clientId, name }: { clientId: number; name: string }) {
  const { t } = useTranslation();
  const picture = useClientPicture(clientId, SIZE);
  return (
    <Avatar
      src={picture}
      alt={t('invitations.accounts.details.picture', { name })}
      color="blue"
      radius="xl"
      size={SIZE}
    >
      <span aria-hidden>{initials(name)}</span>
    </Avatar>
  );
}
