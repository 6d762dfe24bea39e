import { Avatar } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { initials } from '../lib/initials';

/** The user's picture, or their initials when there is none. */
export function ProfileAvatar({
  src,
  firstName,
  lastName,
  size,
}: {
  src: string | null;
  firstName: string;
  lastName: string;
  size: number;
}) {
  const { t } = useTranslation();
  return (
    <Avatar src={src} alt={t('profile.picture.alt')} size={size} radius={size} color="indigo">
      {initials(firstName, lastName)}
    </Avatar>
  );
}
