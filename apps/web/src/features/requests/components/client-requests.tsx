import { Anchor, Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthorization } from '@/lib/authorization';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { useRequests } from '../api/get-requests';
import { OverdueBadge, RequestStatusBadge } from './request-badges';
import { RequestFormModal } from './request-form-modal';
import { RequestProgress } from './requests-table';

/** The panel shows the latest few; the Requests screen, filtered by the client, has them all. */
const SHOWN = 5;
const PROGRESS_WIDTH = 150;

/**
 * A client's requests on their details panel (issue 20, item 4): the latest few with due date and
 * progress, a new request for this client, and a link to all of them on the Requests screen.
 */
export function ClientRequests({
  client,
  allHref,
  requestHref,
}: {
  client: { id: number; name: string };
  allHref: string;
  requestHref: (id: number) => string;
}) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const [createOpened, setCreateOpened] = useState(false);
  const requests = useRequests({
    clientId: client.id,
    limit: SHOWN,
    offset: 0,
    sortedBy: 'createdAt',
    sortedDesc: true,
  });
  const total = requests.data?.totalCount ?? 0;

  return (
    <Stack gap="xs" component="section" aria-labelledby="client-requests-heading">
      <Group justify="space-between">
        <Title order={3} size="h5" id="client-requests-heading">
          {t('requests.client.heading')}
        </Title>
        {can('request:add') && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setCreateOpened(true)}>
            {t('requests.actions.create')}
          </Button>
        )}
      </Group>
      {requests.isPending ? (
        <Center py="sm">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : requests.isError ? (
        <Group gap="xs" role="alert">
          <Text size="sm" c="red">
            {t('common.messages.fetchError')}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => void requests.refetch()}>
            {t('errors.retry')}
          </Button>
        </Group>
      ) : total === 0 ? (
        <Text size="sm" c="dimmed">
          {t('requests.client.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {requests.data.items.map((request) => (
            <Group key={request.id} component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                {/* Two lines of a long title, the whole of it on hover: one line left a phone a dozen letters. */}
                <Anchor
                  component={Link}
                  to={requestHref(request.id)}
                  size="sm"
                  lineClamp={2}
                  title={request.title}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {request.title}
                </Anchor>
                <Group gap={6}>
                  <Text size="xs" c={request.isOverdue ? 'red' : 'dimmed'}>
                    {t('requests.client.due', { date: formatDate(request.dueDate, DATE_FORMAT.table) })}
                  </Text>
                  {request.isOverdue && <OverdueBadge />}
                  <RequestStatusBadge status={request.status} />
                </Group>
              </Stack>
              {/* One width for every row, so the bars line up and "1 to review" is never cut. */}
              <Box w={PROGRESS_WIDTH} style={{ flexShrink: 0 }}>
                <RequestProgress request={request} />
              </Box>
            </Group>
          ))}
        </Stack>
      )}
      {total > SHOWN && (
        <Anchor component={Link} to={allHref} size="sm">
          {t('requests.client.viewAll', { count: total })}
        </Anchor>
      )}
      {can('request:add') && (
        <RequestFormModal opened={createOpened} onClose={() => setCreateOpened(false)} client={client} />
      )}
    </Stack>
  );
}
