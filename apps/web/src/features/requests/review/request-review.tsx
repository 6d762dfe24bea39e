import {
  REQUEST_ERROR,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  type RequestDetails,
  type RequestItem,
  type RequestItemKind,
} from '@ledgerport/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconBellRinging, IconCheck, IconDownload, IconEdit, IconEye, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailField } from '@/components/ui/detail-field';
import { PageTitle } from '@/components/ui/page-title';
import { SanitizedHtml } from '@/components/ui/sanitized-html';
import { isApiError } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { useAuthorization } from '@/lib/authorization';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useCancelRequest } from '../api/cancel-request';
import { useDownloadRequestDocument } from '../api/download-request-document';
import { useRequest } from '../api/get-request';
import { requestKeys } from '../api/request-keys';
import { useAcceptRequestItem } from '../api/review-request-item';
import { OverdueBadge, RequestItemStatusBadge, RequestStatusBadge } from '../components/request-badges';
import { RemindDialog } from '../components/remind-dialog';
import { RequestFormModal } from '../components/request-form-modal';
import { describeCadence } from '../lib/describe-cadence';
import { RequestProgress } from '../components/requests-table';
import { formatFileSize } from '@/lib/file-size';
import { CancelRequestDialog } from './cancel-request-dialog';
import { ReturnItemDialog } from './return-item-dialog';

const KIND_KEY = {
  [REQUEST_ITEM_KIND.documents]: 'documents',
  [REQUEST_ITEM_KIND.answer]: 'answer',
  [REQUEST_ITEM_KIND.both]: 'both',
} as const satisfies Record<RequestItemKind, string>;

export interface RequestReviewProps {
  id: number;
  /** The list to go back to. */
  listHref: string;
  /** A document's own page (preview, comments). */
  documentHref: (documentId: number) => string;
}

/**
 * Staff's view of one request (issue 20, item 4): each item with what the client sent (files to
 * preview or download, the answer, a not-applicable reason) and Accept or Return with a note; the
 * request is edited while open and cancelled after a confirmation.
 */
export function RequestReview({ id, listHref, documentHref }: RequestReviewProps) {
  const { t } = useTranslation();
  const request = useRequest(id);

  if (request.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (request.isError) {
    const missing = isApiError(request.error, 404);
    return (
      <Stack gap="md">
        <PageTitle>{t('pages.request')}</PageTitle>
        <Alert color={missing ? 'gray' : 'red'} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{missing ? t('requests.details.notFound') : t('common.messages.fetchError')}</Text>
            {missing ? (
              <Anchor component={Link} to={listHref} size="sm">
                {t('requests.details.backToList')}
              </Anchor>
            ) : (
              <Button size="xs" variant="light" onClick={() => void request.refetch()}>
                {t('errors.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <RequestReviewContent request={request.data} listHref={listHref} documentHref={documentHref} />;
}

function RequestReviewContent({
  request,
  listHref,
  documentHref,
}: {
  request: RequestDetails;
  listHref: string;
  documentHref: (documentId: number) => string;
}) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const [editOpened, setEditOpened] = useState(false);
  const [cancelOpened, setCancelOpened] = useState(false);
  const [remindOpened, setRemindOpened] = useState(false);
  const cancel = useCancelRequest();
  const queryClient = useQueryClient();
  const isOpen = request.status === REQUEST_STATUS.open;

  const confirmCancel = async () => {
    try {
      await cancel.mutateAsync({ id: request.id, version: request.version });
      notify.success(t('requests.messages.cancelled', { title: request.title }), { key: 'request-cancel' });
    } catch (error) {
      const stale = staleVersionOf(error);
      if (stale) {
        // Someone changed it meanwhile: show what it is now and let the person decide again.
        void queryClient.invalidateQueries({ queryKey: requestKeys.details(request.id) });
        notify.error(
          t('requests.messages.changedBeforeCancel', { name: stale.changedBy?.name ?? t('requests.details.someone') }),
          { key: 'request-cancel' },
        );
        return;
      }
      notify.error(
        isApiError(error) && error.code === REQUEST_ERROR.notOpen
          ? t('requests.messages.notOpen')
          : t('requests.messages.cancelError'),
        { key: 'request-cancel' },
      );
    } finally {
      setCancelOpened(false);
    }
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={listHref} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('requests.details.backToList')}
        </Group>
      </Anchor>
      {/* A long title wraps beside the actions; on a phone the actions go under it. */}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Box style={{ flex: '1 1 320px', minWidth: 0, overflowWrap: 'anywhere' }}>
          <PageTitle>{request.title}</PageTitle>
        </Box>
        {isOpen && (
          <Group gap="sm">
            {can('request:edit') && (
              <Button
                variant="default"
                leftSection={<IconBellRinging size={16} />}
                onClick={() => setRemindOpened(true)}
              >
                {t('requests.remind.action')}
              </Button>
            )}
            {can('request:edit') && (
              <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditOpened(true)}>
                {t('requests.actions.edit')}
              </Button>
            )}
            {can('request:delete') && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconX size={16} />}
                onClick={() => setCancelOpened(true)}
              >
                {t('requests.actions.cancel')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Paper withBorder p="md">
        {/* Label and value side by side even on a phone: two pairs a row from a laptop up. */}
        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="sm" m={0}>
          <DetailField label={t('requests.columns.client')}>{request.client.name}</DetailField>
          <DetailField label={t('requests.columns.service')}>{request.service.displayName}</DetailField>
          <DetailField label={t('requests.columns.dueDate')}>
            <Group gap={6} component="span">
              <Text span size="sm" c={request.isOverdue ? 'red' : undefined} fw={request.isOverdue ? 600 : undefined}>
                {formatDate(request.dueDate, DATE_FORMAT.table)}
              </Text>
              {request.isOverdue && <OverdueBadge />}
            </Group>
          </DetailField>
          <DetailField label={t('requests.columns.status')}>
            <RequestStatusBadge status={request.status} />
          </DetailField>
          <DetailField label={t('requests.columns.progress')}>
            <RequestProgress request={request} />
          </DetailField>
          <DetailField label={t('requests.columns.createdBy')}>
            {request.createdBy?.name ?? t('requests.createdBySchedule')}
          </DetailField>
          <DetailField label={t('requests.columns.createdAt')}>
            {formatDate(request.createdAt, DATE_FORMAT.table)}
          </DetailField>
          <DetailField label={t('requests.reminders.details')}>
            <RemindersSummary reminders={request.reminders} />
          </DetailField>
          {request.completedAt && (
            <DetailField label={t('requests.details.completedAt')}>
              {formatDate(request.completedAt, DATE_FORMAT.table)}
            </DetailField>
          )}
          {request.cancelledAt && (
            <DetailField label={t('requests.details.cancelledAt')}>
              {formatDate(request.cancelledAt, DATE_FORMAT.table)}
            </DetailField>
          )}
        </SimpleGrid>
        {request.description && <SanitizedHtml html={request.description} mt="md" />}
      </Paper>
      <Title order={2} size="h4">
        {t('requests.details.items', { count: request.items.length })}
      </Title>
      <Stack gap="sm">
        {request.items.map((item, index) => (
          <ItemCard
            key={item.id}
            request={request}
            item={item}
            position={index + 1}
            canReview={isOpen && can('request:review')}
            documentHref={documentHref}
          />
        ))}
      </Stack>
      {isOpen && can('request:edit') && (
        <RequestFormModal opened={editOpened} onClose={() => setEditOpened(false)} request={request} />
      )}
      {isOpen && can('request:edit') && (
        <RemindDialog target={remindOpened ? { requestId: request.id } : null} onClose={() => setRemindOpened(false)} />
      )}
      <CancelRequestDialog
        opened={cancelOpened}
        request={request}
        loading={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onClose={() => setCancelOpened(false)}
      />
    </Stack>
  );
}

/** Off, or the cadence that applies in words, with how many went out and when the last did. */
function RemindersSummary({ reminders }: { reminders: RequestDetails['reminders'] }) {
  const { t } = useTranslation();
  const sent =
    reminders.sentCount > 0 && reminders.lastSentAt
      ? t('requests.reminders.sent', {
          count: reminders.sentCount,
          date: formatDate(reminders.lastSentAt, DATE_FORMAT.table),
        })
      : t('requests.reminders.noneSent');
  return (
    <Text span size="sm">
      {reminders.enabled ? describeCadence(t, reminders.effective) : t('requests.reminders.off')}
      <Text span size="sm" c="dimmed" display="block">
        {sent}
      </Text>
    </Text>
  );
}

function ItemCard({
  request,
  item,
  position,
  canReview,
  documentHref,
}: {
  request: RequestDetails;
  item: RequestItem;
  position: number;
  canReview: boolean;
  documentHref: (documentId: number) => string;
}) {
  const { t } = useTranslation();
  const accept = useAcceptRequestItem();
  const download = useDownloadRequestDocument();
  const [returnOpened, setReturnOpened] = useState(false);
  const submitted = item.status === REQUEST_ITEM_STATUS.submitted;
  const headingId = `request-item-${item.id}`;

  const acceptItem = async () => {
    try {
      await accept.mutateAsync({ requestId: request.id, itemId: item.id });
      notify.success(t('requests.messages.accepted', { title: item.title }), { key: 'request-review' });
    } catch (error) {
      notify.error(reviewErrorMessage(error, t), { key: 'request-review' });
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        {/* The status stays top right however long the title is. */}
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Text size="xs" c="dimmed">
              {t('requests.details.itemNumber', { position })} · {t(`requests.itemKind.${KIND_KEY[item.kind]}`)}
            </Text>
            <Title order={3} size="h5" id={headingId}>
              {item.title}
            </Title>
          </Stack>
          <Box style={{ flexShrink: 0 }}>
            <RequestItemStatusBadge status={item.status} />
          </Box>
        </Group>
        {item.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {item.description}
          </Text>
        )}
        {item.tags.length > 0 && (
          <Group gap={4}>
            {item.tags.map((tag) => (
              <Badge key={tag.id} variant="outline" color="gray" size="sm">
                {tag.displayName}
              </Badge>
            ))}
          </Group>
        )}
        {item.documents.length > 0 && (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {item.documents.map((document) => (
              <Group key={document.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate="end">
                  {document.displayName}{' '}
                  <Text span size="xs" c="dimmed">
                    ({formatFileSize(document.size)}, {formatDate(document.createdAt, DATE_FORMAT.table)})
                  </Text>
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('requests.details.openDocument', { name: document.displayName })}>
                    <ActionIcon
                      variant="subtle"
                      component={Link}
                      to={documentHref(document.id)}
                      aria-label={t('requests.details.openDocument', { name: document.displayName })}
                    >
                      <IconEye size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('requests.details.downloadDocument', { name: document.displayName })}>
                    <ActionIcon
                      variant="subtle"
                      loading={download.isPending && download.variables?.id === document.id}
                      aria-label={t('requests.details.downloadDocument', { name: document.displayName })}
                      onClick={() =>
                        download.mutate(
                          { id: document.id, fileName: document.fileName },
                          {
                            onError: () =>
                              notify.error(t('requests.messages.downloadError'), { key: 'request-download' }),
                          },
                        )
                      }
                    >
                      <IconDownload size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {item.answer !== null && (
          <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
            <Text size="xs" c="dimmed" mb={2}>
              {t('requests.details.answer')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {item.answer}
            </Text>
          </Paper>
        )}
        {item.notApplicable && (
          <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
            <Text size="xs" c="dimmed" mb={2}>
              {t('requests.details.notApplicable')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {item.notApplicableReason}
            </Text>
          </Paper>
        )}
        {item.returnNote && item.status !== REQUEST_ITEM_STATUS.accepted && (
          <Alert color="orange" variant="light" title={t('requests.details.returnNote')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {item.returnNote}
            </Text>
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            {item.submittedAt &&
              t('requests.details.submittedBy', {
                name: item.submittedBy?.name ?? t('requests.details.someone'),
                date: formatDate(item.submittedAt, DATE_FORMAT.comment),
              })}
            {item.reviewedAt && item.status === REQUEST_ITEM_STATUS.accepted && (
              <>
                {' · '}
                {t('requests.details.acceptedBy', {
                  name: item.reviewedBy?.name ?? t('requests.details.someone'),
                  date: formatDate(item.reviewedAt, DATE_FORMAT.comment),
                })}
              </>
            )}
          </Text>
          {canReview && submitted && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => setReturnOpened(true)}
                aria-label={t('requests.actions.returnItem', { title: item.title })}
              >
                {t('requests.actions.return')}
              </Button>
              <Button
                size="xs"
                color="green"
                leftSection={<IconCheck size={14} />}
                loading={accept.isPending}
                onClick={() => void acceptItem()}
                aria-label={t('requests.actions.acceptItem', { title: item.title })}
              >
                {t('requests.actions.accept')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
      <ReturnItemDialog
        opened={returnOpened}
        requestId={request.id}
        item={item}
        onClose={() => setReturnOpened(false)}
      />
    </Paper>
  );
}

export function reviewErrorMessage(
  error: unknown,
  t: (
    key: 'requests.messages.notOpen' | 'requests.messages.itemNotSubmitted' | 'requests.messages.reviewError',
  ) => string,
) {
  if (isApiError(error) && error.code === REQUEST_ERROR.notOpen) return t('requests.messages.notOpen');
  if (isApiError(error) && error.code === REQUEST_ERROR.itemNotSubmitted)
    return t('requests.messages.itemNotSubmitted');
  return t('requests.messages.reviewError');
}
