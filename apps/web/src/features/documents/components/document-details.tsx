import { Alert, Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { isApiError } from '@/lib/api-client';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { useDocument } from '../api/get-document';
import { useDocumentFiles } from '../hooks/use-document-files';
import { DocumentComments } from './document-comments';
import { DocumentPreview } from './document-preview';
import { DocumentStatusBadge } from './document-status-badge';
import { DocumentTags } from './document-tags';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * One document (where a share e-mail to a portal user leads): its details, Preview and Download,
 * and its comments. Missing and out-of-scope documents both answer 404 and read the same here.
 */
export function DocumentDetails({
  documentId,
  homeHref,
  showStatus,
  showClient,
}: {
  documentId: number | null;
  homeHref: string;
  /** By the document's type as the caller sees it (my upload 1, received 2). */
  showStatus: (type: number) => boolean;
  showClient: boolean;
}) {
  const { t } = useTranslation();
  const commentsHeadingId = useId();
  const document = useDocument(documentId);
  const files = useDocumentFiles();

  if (documentId === null || isApiError(document.error, 404)) {
    return (
      <>
        <PageTitle>{t('documents.details.notFoundTitle')}</PageTitle>
        <Alert color="yellow" variant="light" maw={560}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('documents.details.notFound')}</Text>
            <Anchor component={Link} to={homeHref}>
              {t('documents.details.backHome')}
            </Anchor>
          </Stack>
        </Alert>
      </>
    );
  }
  if (document.isError) {
    return (
      <>
        <PageTitle>{t('pages.document')}</PageTitle>
        <Alert color="red" variant="light" role="alert" maw={560}>
          <Group justify="space-between">
            <Text size="sm">{t('common.messages.fetchError')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void document.refetch()}>
              {t('errors.retry')}
            </Button>
          </Group>
        </Alert>
      </>
    );
  }
  if (document.isPending) {
    return (
      <>
        <PageTitle>{t('pages.document')}</PageTitle>
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      </>
    );
  }

  const doc = document.data;
  const busy = files.busyId === doc.id;
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{doc.displayName}</PageTitle>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            disabled={busy}
            onClick={() => void files.preview(doc)}
          >
            {t('documents.actions.previewButton')}
          </Button>
          <Button leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void files.download(doc)}>
            {t('documents.actions.downloadButton')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          {showClient && <Field label={t('documents.details.client')}>{doc.client}</Field>}
          <Field label={t('documents.details.service')}>{doc.service.displayName}</Field>
          <Field label={t('documents.details.tags')}>
            <DocumentTags tags={doc.tags} />
          </Field>
          <Field label={t('documents.details.uploaded')}>
            {t('documents.details.uploadedValue', {
              date: formatDate(doc.creationTime, DATE_FORMAT.table),
              name: doc.creatorUser.fullName,
            })}
          </Field>
          <Field label={t('documents.details.file')}>{doc.fileName}</Field>
          {showStatus(doc.type) && (
            <Field label={t('documents.details.status')}>
              <DocumentStatusBadge status={doc.status} />
            </Field>
          )}
          <Field label={t('documents.details.description')}>
            {doc.description ?? (
              <Text span c="dimmed" size="sm">
                {t('documents.details.noDescription')}
              </Text>
            )}
          </Field>
        </SimpleGrid>
      </Paper>
      <section aria-labelledby={commentsHeadingId}>
        <Title order={2} size="h4" id={commentsHeadingId} mb="sm">
          {t('documents.comments.title')}
        </Title>
        <DocumentComments documentId={doc.id} label={t('documents.comments.list', { name: doc.displayName })} />
      </section>
      <DocumentPreview documents={[doc]} files={files} />
    </Stack>
  );
}
