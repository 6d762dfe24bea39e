import { Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const CHOICES: { value: MantineColorScheme; Icon: typeof IconSun }[] = [
  { value: 'auto', Icon: IconDeviceDesktop },
  { value: 'light', Icon: IconSun },
  { value: 'dark', Icon: IconMoon },
];

/**
 * "Appearance" in a menu: three items, the chosen one ticked and `aria-current` (Mantine fixes a menu
 * item's role to menuitem, so menuitemradio with aria-checked is not open to it). The menu stays open
 * on a choice so the person sees the page change under it and can change their mind.
 */
export function ColorSchemeMenuItems() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <div role="group" aria-label={t('appearance.label')}>
      <Menu.Label aria-hidden>{t('appearance.label')}</Menu.Label>
      {CHOICES.map(({ value, Icon }) => {
        const checked = colorScheme === value;
        return (
          <Menu.Item
            key={value}
            aria-current={checked || undefined}
            closeMenuOnClick={false}
            leftSection={<Icon size={16} aria-hidden />}
            rightSection={checked ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => setColorScheme(value)}
          >
            {t(`appearance.${value}`)}
          </Menu.Item>
        );
      })}
    </div>
  );
}
