import { Anchor, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_LINKS } from '../lib/booking-links';

/** For client users: book an appointment with the bookkeeping or the tax department. */
export function AppointmentLinks() {
  const { t } = useTranslation();
  const headingId = useId();
  const links = [
    { key: 'bookkeeping', href: BOOKING_LINKS.bookkeeping, label: t('home.appointments.bookkeeping') },
    { key: 'tax', href: BOOKING_LINKS.tax, label: t('home.appointments.tax') },
  ];
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="lg" maw={760}>
      <Group gap="sm" mb="xs">
        <IconCalendarEvent size={22} aria-hidden />
        <Title order={2} size="h4" id={headingId}>
          {t('home.appointments.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('home.appointments.intro')}
      </Text>
      <Stack gap="xs">
        {links.map((link) => (
          <Anchor key={link.key} href={link.href} target="_blank" rel="noopener noreferrer">
            <Group gap={6} component="span">
              {link.label}
              <IconExternalLink size={14} aria-hidden />
              <VisuallyHidden>({t('home.appointments.opensInNewTab')})</VisuallyHidden>
            </Group>
          </Anchor>
        ))}
      </Stack>
    </Paper>
  );
}
