import { ResidentWizard } from '@/features/formation/components/resident-wizard';

export function CompanyFormationResidentRoute() {
  return <ResidentWizard />;
}
