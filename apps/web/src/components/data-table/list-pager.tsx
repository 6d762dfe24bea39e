import { PAGE_SIZE_OPTIONS } from '@ledgerport/shared';
import { ActionIcon, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListPagerProps {
  page: number;
  pageSize: number;
  totalCount: number;
  /** No answer yet: the range would read "0-0 of 0", as an empty list. */
  loadingFirst: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The foot of every paged list (spec 02 section 1): rows per page, the range shown, previous and next. */
export function ListPager({
  page,
  pageSize,
  totalCount,
  loadingFirst,
  onPageChange,
  onPageSizeChange,
}: ListPagerProps) {
  const { t } = useTranslation();
  const rowsLabelId = useId();
  const from = totalCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, totalCount);
  const lastPage = Math.max(1, Math.ceil(totalCount / pageSize));
  return (
    <Group justify="flex-end" gap="md">
      <Group gap="xs">
        <Text size="sm" id={rowsLabelId}>
          {t('common.table.rowsPerPage')}
        </Text>
        <Select
          aria-labelledby={rowsLabelId}
          w={80}
          size="xs"
          data={PAGE_SIZE_OPTIONS.map(String)}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(value) => value && onPageSizeChange(Number(value))}
        />
      </Group>
      <Text size="sm" aria-live="polite">
        {loadingFirst ? t('app.loading') : t('common.table.range', { from, to, total: totalCount })}
      </Text>
      <Group gap={4}>
        <ActionIcon
          variant="subtle"
          aria-label={t('common.table.previousPage')}
          disabled={loadingFirst || page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={t('common.table.nextPage')}
          disabled={loadingFirst || page >= lastPage}
          onClick={() => onPageChange(page + 1)}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
