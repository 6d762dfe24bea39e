import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { BookkeepingYear } from '@/features/bookkeeping/components/bookkeeping-year';
import { useAuthorization } from '@/lib/authorization';
import { href, routeDefinition } from '../../routes-table';

/** The client's bookkeeping year (issue 24 item 3); the year is in the URL (`?year=`). */
export function MyBookkeepingRoute() {
  const { t } = useTranslation();
  const { allows } = useAuthorization();
  const [searchParams, setSearchParams] = useSearchParams();
  const thisYear = new Date().getUTCFullYear();
  const asked = Number(searchParams.get('year'));
  const year = Number.isInteger(asked) && asked >= 2020 && asked <= thisYear ? asked : thisYear;
  return (
    <>
      <PageTitle>{t('nav.bookkeeping')}</PageTitle>
      <BookkeepingYear
        year={year}
        onYearChange={(next) => setSearchParams(next === thisYear ? {} : { year: String(next) })}
        links={{
          questions: allows(routeDefinition('Reconciliations'))
            ? href('Reconciliations', null, { tab: 'questions' })
            : null,
          toDo: href('ToDo'),
        }}
      />
    </>
  );
}
