import { ThemeIcon } from '@mantine/core';
import { IconFolder, IconTag } from '@tabler/icons-react';

/** A service's or tag's own icon (a base64 PNG), or the default one in the given colour. */
export function CatalogIcon({
  listIcon,
  color,
  kind,
}: {
  listIcon: string | null | undefined;
  color: string;
  kind: 'service' | 'tag';
}) {
  if (listIcon) {
    return <img src={`data:image/png;base64,${listIcon}`} alt="" width={40} height={40} />;
  }
  const Icon = kind === 'service' ? IconFolder : IconTag;
  return (
    <ThemeIcon size={40} radius="md" variant="light" color={color} aria-hidden>
      <Icon size={24} />
    </ThemeIcon>
  );
}
