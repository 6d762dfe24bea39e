import { Alert, Anchor, Button, Card, Group, Loader, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToDos } from '../api/get-to-dos';
import { AllCaughtUp, ToDoEntries } from './to-do-entries';

/** Entries the Home card shows; the rest are one click away on the To do screen. */
export const TO_DO_CARD_ENTRIES = 5;

/** The To do card that opens a client user's Home: the first few entries and a link to all. */
export function ToDoCard({ allHref }: { allHref: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const toDos = useToDos();
  const total = toDos.data?.totalCount ?? 0;

  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="lg" maw={880}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          {t('toDos.card.title')}
        </Title>
        {total > 0 && (
          <Anchor component={Link} to={allHref} fw={500} size="sm">
            {t('toDos.list.viewAll', { count: total })}
          </Anchor>
        )}
      </Group>
      {toDos.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Group>
      ) : toDos.isError ? (
        <Alert color="red" title={t('errors.fetch')}>
          <Button variant="light" color="red" mt="sm" onClick={() => void toDos.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      ) : toDos.data.items.length === 0 ? (
        <AllCaughtUp />
      ) : (
        <ToDoEntries items={toDos.data.items.slice(0, TO_DO_CARD_ENTRIES)} compact />
      )}
    </Card>
  );
}
