import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/ui/page-header';
import { useCompanies } from '@/features/companies/api/get-companies';
import { CompaniesTable } from '@/features/companies/components/companies-table';
import { useAuthorization } from '@/lib/authorization';
import { href } from '../../routes-table';

const NO_FILTERS = {};

/** Companies (spec 03 "Companies list"): server paging, unsortable columns, no create button. */
export function CompaniesRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const list = useListParams(NO_FILTERS);
  const companies = useCompanies({ limit: list.pageSize, offset: (list.page - 1) * list.pageSize });

  return (
    <Stack gap="md">
      <PageHeader title={t('companies.title')} />
      <CompaniesTable
        label={t('companies.title')}
        rows={companies.data?.items}
        totalCount={companies.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        isLoading={companies.isFetching}
        isError={companies.isError}
        onRetry={() => void companies.refetch()}
        isFiltered={false}
        detailsHref={can('company:view') ? (company) => href('CompanyDetails', { id: company.id }) : undefined}
      />
    </Stack>
  );
}
