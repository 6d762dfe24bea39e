import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { TaxPlanningWizard } from '@/features/tax-planning/components/tax-planning-wizard';

/** Public: no sign-in (spec 03 section 6). */
export function TaxPlanningRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.taxPlanning')}</PageTitle>
      <TaxPlanningWizard />
    </>
  );
}
