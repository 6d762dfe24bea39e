import { formatPhone } from '@ledgerport/shared';
import type { CompanyListItem } from '@ledgerport/shared';
import { ActionIcon, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { legalNameWithDesignator } from '../lib/company-display';
import { CompanyTypeChip, PaymentStatusChip } from './company-chips';

type TableProps = Omit<DataTableProps<CompanyListItem>, 'columns' | 'rowKey' | 'sort' | 'onSortChange'>;

/** Spec 03 section 9: the companies list shows dates as MM/DD/YYYY. */
const LIST_DATE_FORMAT = DATE_FORMAT.contract;

/**
 * The Companies list (spec 03): unsortable columns, server paging. `detailsHref` is given only to
 * holders of company:view, who get the view action.
 */
export function CompaniesTable({
  detailsHref,
  ...table
}: TableProps & { detailsHref?: (company: CompanyListItem) => string }) {
  const { t } = useTranslation();

  const columns: DataTableColumn<CompanyListItem>[] = [
    {
      key: 'legalName',
      card: 'title',
      header: t('companies.columns.legalName'),
      render: (company) => (
        <Text size="sm" fw={500}>
          {legalNameWithDesignator(company.legalName, company.businessEntityType.id)}
        </Text>
      ),
    },
    {
      key: 'businessEntityType',
      header: t('companies.columns.businessEntityType'),
      render: (company) => company.businessEntityType.name,
    },
    {
      key: 'contact',
      header: t('companies.columns.contactDetails'),
      render: (company) => (
        <Stack gap={0}>
          <Text size="sm">{company.contactFullName}</Text>
          <Text size="xs" c="dimmed">
            {company.contactEmailAddress}
          </Text>
          <Text size="xs" c="dimmed">
            {formatPhone(company.contactPhoneNumber)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'companyType',
      header: t('companies.columns.companyType'),
      render: (company) => <CompanyTypeChip isResident={company.isResident} />,
    },
    {
      key: 'paymentStatus',
      card: 'primary',
      header: t('companies.columns.paymentStatus'),
      render: (company) => <PaymentStatusChip status={company.registrationPaymentStatus} />,
    },
    {
      key: 'creationTime',
      card: 'primary',
      header: t('companies.columns.creationDate'),
      render: (company) => formatDate(company.creationTime, LIST_DATE_FORMAT),
    },
  ];
  if (detailsHref) {
    columns.push({
      key: 'actions',
      header: t('companies.columns.actions'),
      width: 90,
      render: (company) => {
        const label = t('companies.actions.view', { name: company.legalName });
        return (
          <Tooltip label={label}>
            <ActionIcon component={Link} to={detailsHref(company)} variant="subtle" aria-label={label}>
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
        );
      },
    });
  }

  return <DataTable {...table} columns={columns} rowKey={(company) => company.id} />;
}
