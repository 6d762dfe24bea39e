import { MESSAGE_LIMITS } from '@ledgerport/shared';
import { ActionIcon, Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessageSearch, type MessageSearchHit } from '../api/search-messages';
import { TimeAgo } from './time-ago';

/** The inbox's search field: Enter (or the button) runs it; the clear button ends it. */
export function MessageSearchBox({ value, onSearch }: { value: string; onSearch: (q: string | undefined) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // The URL changed from elsewhere (back button, Clear): the field shows what is searched.
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim() || undefined);
  };
  return (
    <form role="search" aria-label={t('messages.search.label')} onSubmit={submit}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={t('messages.search.label')}
          placeholder={t('messages.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={draft}
          maxLength={MESSAGE_LIMITS.searchQuery}
          onChange={(event) => setDraft(event.currentTarget.value)}
          style={{ flex: 1 }}
          rightSection={
            value ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('messages.search.clear')}
                onClick={() => {
                  setDraft('');
                  onSearch(undefined);
                }}
              >
                <IconX size={16} />
              </ActionIcon>
            ) : undefined
          }
        />
        <Button type="submit" variant="default">
          {t('messages.search.submit')}
        </Button>
      </Group>
    </form>
  );
}

/** « and » enclose the matching words (the API answers plain text, never HTML). */
function Snippet({ text }: { text: string }) {
  const parts = text.split(/[«»]/);
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part))}
    </Text>
  );
}

/** The search's hits, each opening its conversation at the message. */
export function MessageSearchResults({
  q,
  withClient,
  hitHref,
}: {
  q: string;
  withClient: boolean;
  hitHref: (hit: MessageSearchHit) => string;
}) {
  const { t } = useTranslation();
  const search = useMessageSearch(q);

  if (search.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (search.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('messages.search.error')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void search.refetch()}>
            {t('errors.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const hits = search.data.pages.flatMap((page) => page.items);
  const total = search.data.pages[0]?.totalCount ?? 0;
  if (hits.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('messages.search.noResults', { q })}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('messages.search.resultsFor', { count: total, q })}
      </Text>
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('messages.search.results')}
      >
        {hits.map((hit) => (
          <Paper component="li" withBorder p="sm" key={hit.messageId}>
            <Stack gap={2}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Anchor component={Link} to={hitHref(hit)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {hit.subject}
                </Anchor>
                <TimeAgo value={hit.createdAt} size="xs" />
              </Group>
              {withClient && (
                <Text size="sm" fw={500}>
                  {hit.clientName}
                </Text>
              )}
              <Snippet text={hit.snippet} />
            </Stack>
          </Paper>
        ))}
      </Stack>
      {search.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void search.fetchNextPage()} loading={search.isFetchingNextPage}>
            {t('messages.search.showMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
