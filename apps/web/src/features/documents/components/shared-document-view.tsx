import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { sharedDocumentDownloadUrl, useSharedDocument } from '../api/get-shared-document';
import { formatFileSize } from '@/lib/file-size';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * What someone without a portal account sees when they open a share link: the file and a Download
 * link. The token is the only credential; nothing here needs or uses a session.
 */
export function SharedDocumentView({ token }: { token: string }) {
  const { t } = useTranslation();
  const shared = useSharedDocument(token);

  if (shared.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (shared.isError) {
    // Unknown, expired and revoked links are all "not found"; a client error (400) is a mangled link.
    const unavailable = isApiError(shared.error) && shared.error.status >= 400 && shared.error.status < 500;
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {unavailable ? t('documents.shared.unavailableTitle') : t('pages.sharedDocument')}
        </Title>
        <Alert color={unavailable ? 'yellow' : 'red'} variant="light" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{unavailable ? t('documents.shared.unavailable') : t('documents.shared.loadError')}</Text>
            {!unavailable && (
              <Button size="xs" variant="light" color="red" onClick={() => void shared.refetch()}>
                {t('errors.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const doc = shared.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {doc.displayName}
      </Title>
      <Paper withBorder p="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          <Field label={t('documents.shared.fileName')}>{doc.fileName}</Field>
          <Field label={t('documents.shared.size')}>{formatFileSize(doc.size)}</Field>
          <Field label={t('documents.shared.sharedBy')}>{doc.sharedBy}</Field>
          <Field label={t('documents.shared.expires')}>{formatDate(doc.expiresAt, DATE_FORMAT.table)}</Field>
        </SimpleGrid>
      </Paper>
      <Group>
        <Button
          component="a"
          href={sharedDocumentDownloadUrl(token)}
          // The server names the file (Content-Disposition); the attribute only asks to save, not show.
          download
          leftSection={<IconDownload size={16} />}
        >
          {t('documents.shared.download')}
        </Button>
      </Group>
    </Stack>
  );
}
