import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CompanyFormationResidentRoute() {
  const { t } = useTranslation();
  return <Title order={1}>{t('pages.companyFormationResident')}</Title>;
}
