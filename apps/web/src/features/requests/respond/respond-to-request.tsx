import { REQUEST_STATUS, type RequestItem } from '@ledgerport/shared';
import { Alert, Anchor, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SanitizedHtml } from '@/components/ui/sanitized-html';
import { Link } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { PageTitle } from '@/components/ui/page-title';
import { isApiError } from '@/lib/api-client';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { useRequest } from '../api/get-request';
import { OverdueBadge } from '../to-dos/to-do-entries';
import { NotApplicableDialog } from './not-applicable-dialog';
import { RequestItemCard } from './request-item-card';

/** The To do screen's path: features do not read the routes table; this is where the To do lives. */
const TO_DO_HREF = '/to-do';

/**
 * The client's view of one request (To do links here): what the firm asks, item by item, and the
 * response to each while it waits on them and the request is open. The API decides what they may
 * see (another client's request is 404) and refuses a response that came too late (409).
 */
export function RespondToRequest({ id }: { id: number }) {
  const { t } = useTranslation();
  const request = useRequest(id);
  const [notApplicableFor, setNotApplicableFor] = useState<RequestItem | null>(null);
  const itemsHeadingId = useId();
  const reload = () => void request.refetch();

  if (request.isPending) return <PageLoader />;
  if (request.isError) {
    if (isApiError(request.error, 404)) {
      return (
        <>
          <PageTitle>{t('toDos.respond.notFound.title')}</PageTitle>
          <Text mb="md">{t('toDos.respond.notFound.message')}</Text>
          <Button component={Link} to={TO_DO_HREF} variant="light" leftSection={<IconArrowLeft size={16} />}>
            {t('toDos.respond.notFound.back')}
          </Button>
        </>
      );
    }
    return (
      <Alert color="red" title={t('toDos.respond.loadError')} maw={560}>
        <Button variant="light" color="red" mt="sm" onClick={reload}>
          {t('errors.retry')}
        </Button>
      </Alert>
    );
  }

  const details = request.data;
  const open = details.status === REQUEST_STATUS.open;
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Anchor component={Link} to={TO_DO_HREF} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('toDos.respond.backToList')}
          </Group>
        </Anchor>
        <PageTitle>{details.title}</PageTitle>
        <Group gap="xl" wrap="wrap" mt={-8}>
          <Text size="sm">
            <Text span c="dimmed">
              {t('toDos.respond.service')}:
            </Text>{' '}
            {details.service.displayName}
          </Text>
          <Group gap="xs">
            <Text size="sm" c={details.isOverdue ? 'red' : undefined} fw={details.isOverdue ? 600 : undefined}>
              <Text span c="dimmed" fw={400}>
                {t('toDos.respond.dueDate')}:
              </Text>{' '}
              {formatDate(details.dueDate, DATE_FORMAT.table)}
            </Text>
            {details.isOverdue && <OverdueBadge />}
          </Group>
        </Group>
      </div>

      {details.status === REQUEST_STATUS.completed && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} title={t('requests.status.completed')}>
          {t('toDos.respond.completed')}
        </Alert>
      )}
      {details.status === REQUEST_STATUS.cancelled && (
        <Alert color="gray" variant="light" icon={<IconCircleX />} title={t('requests.status.cancelled')}>
          {t('toDos.respond.cancelled')}
        </Alert>
      )}

      {details.description && <SanitizedHtml html={details.description} />}

      <Stack gap={6} maw={420}>
        <Text size="sm" fw={500}>
          {t('toDos.respond.progress', { accepted: details.acceptedCount, total: details.itemCount })}
        </Text>
        <Progress
          value={details.itemCount > 0 ? (details.acceptedCount / details.itemCount) * 100 : 0}
          color="teal"
          aria-label={t('toDos.respond.progressLabel')}
        />
      </Stack>

      <section aria-labelledby={itemsHeadingId}>
        <Title order={2} size="h4" mb="sm" id={itemsHeadingId}>
          {t('toDos.respond.items')}
        </Title>
        <Stack gap="md">
          {details.items.map((item) => (
            <RequestItemCard
              key={item.id}
              requestId={details.id}
              item={item}
              requestOpen={open}
              onNotApplicable={() => setNotApplicableFor(item)}
              onReload={reload}
            />
          ))}
        </Stack>
      </section>

      <NotApplicableDialog
        target={
          notApplicableFor && { requestId: details.id, itemId: notApplicableFor.id, title: notApplicableFor.title }
        }
        onClose={() => setNotApplicableFor(null)}
        onReload={reload}
      />
    </Stack>
  );
}
