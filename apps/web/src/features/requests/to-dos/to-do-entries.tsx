import { TO_DO_KIND, type ToDo } from '@ledgerport/shared';
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconChecks } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMAT, formatDate } from '@/lib/dates';

/**
 * The To do's entries in the API's order (request items soonest due first, then the rest). `compact`
 * (the Home card, itself a card): rows between lines instead of cards in a card.
 */
export function ToDoEntries({ items, compact = false }: { items: readonly ToDo[]; compact?: boolean }) {
  return (
    <Stack component="ul" gap={compact ? 0 : 'sm'} p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item, index) => (
        <ToDoEntry
          key={`${item.kind}-${item.requestId ?? ''}-${item.itemId ?? ''}-${item.link}`}
          item={item}
          compact={compact}
          first={index === 0}
        />
      ))}
    </Stack>
  );
}

function ToDoEntry({ item, compact, first }: { item: ToDo; compact: boolean; first: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const frame = compact
    ? {
        py: 'sm',
        radius: 0,
        style: first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' },
      }
    : { withBorder: true, radius: 'md', p: 'md' };
  return (
    <Paper component="li" {...frame} aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Text id={titleId} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          {item.detail && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.detail}
            </Text>
          )}
          {item.dueDate && (
            <Group gap="xs">
              <Text size="sm" c={item.isOverdue ? 'red' : undefined} fw={item.isOverdue ? 600 : undefined}>
                {t('toDos.list.due', { date: formatDate(item.dueDate, DATE_FORMAT.table) })}
              </Text>
              {item.isOverdue && <OverdueBadge />}
            </Group>
          )}
          {item.returnNote && (
            <Text size="sm" c="orange" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.kind === TO_DO_KIND.transactionQuestion
                ? t('toDos.list.askedAgain', { note: item.returnNote })
                : t('toDos.list.returned', { note: item.returnNote })}
            </Text>
          )}
        </Stack>
        <Button
          component={Link}
          to={item.link}
          variant={item.isOverdue ? 'filled' : 'light'}
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {t(`toDos.action.${item.kind}`)}
        </Button>
      </Group>
    </Paper>
  );
}

/** Red, and in words: colour alone says nothing to some readers. */
export function OverdueBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="red" variant="filled" size="sm">
      {t('toDos.list.overdue')}
    </Badge>
  );
}

export function AllCaughtUp() {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="nowrap" py="sm">
      <ThemeIcon size={40} radius="xl" variant="light" color="teal" aria-hidden>
        <IconChecks size={22} />
      </ThemeIcon>
      <Stack gap={2}>
        <Text fw={600}>{t('toDos.list.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('toDos.list.emptyHint')}
        </Text>
      </Stack>
    </Group>
  );
}
