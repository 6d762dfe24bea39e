import { ACKNOWLEDGEMENT_STATUS, EMPTY_VALUE, type AcknowledgementStatus } from '@ledgerport/shared';
import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '@/components/ui/status-dot';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { useAcknowledgements } from '../api/get-acknowledgements';
import { useAnnouncementDetails } from '../api/get-announcement-details';
import { SanitizedHtml } from '@/components/ui/sanitized-html';

const MODAL_WIDTH = 760;
const ACKNOWLEDGEMENTS_PAGE_SIZE = 10;

/** Preview of an announcement as clients will see it, with who has and has not acknowledged it. */
export function AnnouncementDetailsModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={id !== null} onClose={onClose} title={t('announcements.details.title')} size={MODAL_WIDTH} centered>
      {id !== null && <AnnouncementDetails id={id} />}
    </Modal>
  );
}

function AnnouncementDetails({ id }: { id: number }) {
  const { t } = useTranslation();
  const details = useAnnouncementDetails(id);

  if (details.isError) {
    return (
      <Alert color="red" title={t('common.messages.fetchError')}>
        <Button variant="light" color="red" mt="sm" onClick={() => void details.refetch()}>
          {t('errors.retry')}
        </Button>
      </Alert>
    );
  }
  if (!details.data) {
    return (
      <Center h={160}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const announcement = details.data;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3}>{announcement.title}</Title>
        <Group gap="lg">
          <StatusDot active={announcement.isActive}>
            <Text size="sm">{announcement.isActive ? t('common.status.active') : t('common.status.inactive')}</Text>
          </StatusDot>
          <Text size="sm" c="dimmed">
            {t('announcements.details.expirationDate')}:{' '}
            {announcement.expirationDate ? formatDate(announcement.expirationDate, DATE_FORMAT.table) : EMPTY_VALUE}
          </Text>
          <Text size="sm" c="dimmed">
            {t('announcements.details.creationDate')}: {formatDate(announcement.creationTime, DATE_FORMAT.table)}
          </Text>
        </Group>
      </Stack>
      <section aria-label={t('announcements.details.body')}>
        <SanitizedHtml html={announcement.body} />
      </section>
      <section aria-label={t('announcements.details.acknowledgmentText')}>
        <Text size="sm" fw={500} mb={4}>
          {t('announcements.details.acknowledgmentText')}
        </Text>
        <SanitizedHtml
          html={announcement.acknowledgmentText}
          p="sm"
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 4 }}
        />
      </section>
      <Divider />
      <AcknowledgementsPanel id={id} />
    </Stack>
  );
}

function AcknowledgementsPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AcknowledgementStatus>(ACKNOWLEDGEMENT_STATUS.acknowledged);
  const [page, setPage] = useState(1);
  const list = useAcknowledgements(id, {
    status,
    limit: ACKNOWLEDGEMENTS_PAGE_SIZE,
    offset: (page - 1) * ACKNOWLEDGEMENTS_PAGE_SIZE,
  });
  const totalCount = list.data?.totalCount ?? 0;
  const lastPage = Math.max(1, Math.ceil(totalCount / ACKNOWLEDGEMENTS_PAGE_SIZE));
  const from = totalCount === 0 ? 0 : (page - 1) * ACKNOWLEDGEMENTS_PAGE_SIZE + 1;
  const to = Math.min(page * ACKNOWLEDGEMENTS_PAGE_SIZE, totalCount);
  const acknowledged = status === ACKNOWLEDGEMENT_STATUS.acknowledged;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t('announcements.acknowledgements.title')}</Title>
        <SegmentedControl
          aria-label={t('announcements.acknowledgements.title')}
          value={status}
          onChange={(value) => {
            setStatus(value as AcknowledgementStatus);
            setPage(1);
          }}
          data={[
            { value: ACKNOWLEDGEMENT_STATUS.acknowledged, label: t('announcements.acknowledgements.acknowledged') },
            { value: ACKNOWLEDGEMENT_STATUS.pending, label: t('announcements.acknowledgements.pending') },
          ]}
        />
      </Group>
      {list.isError ? (
        <Alert color="red" title={t('common.messages.fetchError')}>
          <Button variant="light" color="red" mt="sm" onClick={() => void list.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      ) : !list.data ? (
        <Center h={80}>
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {acknowledged ? t('announcements.acknowledgements.none') : t('announcements.acknowledgements.nonePending')}
        </Text>
      ) : (
        <>
          <Table
            aria-label={
              acknowledged
                ? t('announcements.acknowledgements.acknowledged')
                : t('announcements.acknowledgements.pending')
            }
            aria-busy={list.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('announcements.acknowledgements.user')}</Table.Th>
                <Table.Th>{t('announcements.acknowledgements.client')}</Table.Th>
                {acknowledged && <Table.Th>{t('announcements.acknowledgements.time')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((item) => (
                <Table.Tr key={`${item.userId}-${item.clientId}`}>
                  <Table.Td>{item.user}</Table.Td>
                  <Table.Td>{item.client}</Table.Td>
                  {acknowledged && <Table.Td>{formatDate(item.acknowledgedAt, DATE_FORMAT.comment)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" gap="xs">
            <Text size="sm">{t('common.table.range', { from, to, total: totalCount })}</Text>
            <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('common.table.previousPage')}
            </Button>
            <Button variant="default" size="xs" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
              {t('common.table.nextPage')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
