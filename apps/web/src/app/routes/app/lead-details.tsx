import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { LeadDetailsView } from '@/features/leads/components/lead-details-view';
import { href } from '../../routes-table';

/** LeadDetails (/leads/{id}/details): every section of the lead (spec 02, Lead details). */
export function LeadDetailsRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const leadId = Number(id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={href('Leads')} size="sm">
        <IconArrowLeft size={14} aria-hidden /> {t('leads.actions.back')}
      </Anchor>
      <PageTitle>{t('pages.leadDetails')}</PageTitle>
      <LeadDetailsView
        leadId={Number.isInteger(leadId) && leadId > 0 ? leadId : 0}
        onboardingLink={(idHash) => href('ContinueCustomerOnboarding', { idHash })}
      />
    </Stack>
  );
}
