import { NonResidentWizard } from '@/features/formation/components/non-resident-wizard';

export function CompanyFormationNonResidentRoute() {
  return <NonResidentWizard />;
}
