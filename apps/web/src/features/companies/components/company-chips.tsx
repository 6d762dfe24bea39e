import type { PaymentStatusDto } from '@ledgerport/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUS_COLOR } from '../lib/company-display';

export function CompanyTypeChip({ isResident }: { isResident: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={isResident ? 'blue' : 'grape'}>
      {t(isResident ? 'companies.companyType.resident' : 'companies.companyType.nonResident')}
    </Badge>
  );
}

export function PaymentStatusChip({ status }: { status: PaymentStatusDto | null }) {
  const { t } = useTranslation();
  if (!status) {
    return (
      <Badge variant="outline" color="gray">
        {t('companies.paymentStatus.none')}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={PAYMENT_STATUS_COLOR[status.id]}>
      {status.name}
    </Badge>
  );
}
