import {
  EMPTY_VALUE,
  LEAD_ATTACHMENT_KIND,
  LEAD_STATUSES_WITH_ONBOARDING_LINK,
  PAYMENT_FREQUENCY,
  type LeadDetailsDto,
  formatPhone,
} from '@ledgerport/shared';
import {
  Alert,
  Button,
  Card,
  Center,
  CopyButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import type { TranslationKey } from '@/lib/i18n';
import { useLeadDetails } from '../api/get-lead-details';
import { LeadFileActions } from './lead-file-actions';
import { LeadStatusBadge } from './lead-status-badge';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Every shown field of the Lead entity has its label under `leads.details.fields`. */
type FieldKey = keyof LeadDetailsDto & string;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Label and value pairs as a description list, so each value is read with its label. */
function Fields({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Lead details (spec 02): every field of the Lead entity in the spec's sections. */
export function LeadDetailsView({
  leadId,
  onboardingLink,
}: {
  leadId: number;
  onboardingLink: (idHash: string) => string;
}) {
  const { t } = useTranslation();
  const details = useLeadDetails(leadId);

  if (details.isError) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('common.messages.fetchError')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void details.refetch()}>
            {t('errors.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!details.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const lead = details.data;
  const none = EMPTY_VALUE;
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? none : String(value);
  const yesNo = (value: boolean | null) =>
    value === null ? none : value ? t('leads.details.yes') : t('leads.details.no');
  const label = (key: FieldKey) => t(`leads.details.fields.${key}` as TranslationKey);
  const file = (ref: { fileName: string } | null, target: Parameters<typeof LeadFileActions>[0]['file']): ReactNode =>
    ref ? <LeadFileActions leadId={lead.id} file={target} fileName={ref.fileName} /> : none;
  const showLink = LEAD_STATUSES_WITH_ONBOARDING_LINK.includes(lead.status.id);
  const link = new URL(onboardingLink(lead.idHash), window.location.origin).toString();

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={600}>{t('leads.details.status')}</Text>
        <LeadStatusBadge status={lead.status} />
      </Group>
      {showLink && (
        <Group align="flex-end" gap="xs">
          <TextInput label={t('leads.details.onboardingLink')} value={link} readOnly w={{ base: '100%', sm: 560 }} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? t('leads.actions.copied') : t('leads.actions.copyLink')}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      <Section title={t('leads.details.sections.generalInfo')}>
        <Fields
          items={[
            [label('legalCompanyName'), lead.legalCompanyName],
            [label('creationTime'), formatDate(lead.creationTime, DATE_FORMAT.leadCreated)],
            [label('ownerFirstName'), text(lead.ownerFirstName)],
            [label('ownerLastName'), text(lead.ownerLastName)],
          ]}
        />
      </Section>
      <Section title={t('leads.details.sections.contactPerson')}>
        <Fields
          items={[
            [label('contactFirstName'), lead.contactFirstName],
            [label('contactLastName'), lead.contactLastName],
            [label('contactEmailAddress'), lead.contactEmailAddress],
            [label('contactPhoneNumber'), formatPhone(lead.contactPhoneNumber)],
            [label('contactPosition'), lead.contactPosition.displayName],
          ]}
        />
      </Section>
      <Section title={t('leads.details.sections.intakeQuestions')}>
        <Fields
          items={[
            [label('industry'), text(lead.industry?.name)],
            [label('otherIndustryName'), text(lead.otherIndustryName)],
            [label('annualSalesRange'), text(lead.annualSalesRange?.name)],
            [label('employeeCountRange'), text(lead.employeeCountRange?.name)],
            [label('services'), text(lead.services.map((service) => service.displayName).join(', '))],
            [label('acquisitionChannel'), text(lead.acquisitionChannel?.name)],
            [label('hasAnyReadyFinancialReport'), yesNo(lead.hasAnyReadyFinancialReport)],
            [label('yearToGetTaxService'), text(lead.yearToGetTaxService)],
            [label('currentlyDoingBookkeeping'), yesNo(lead.currentlyDoingBookkeeping)],
            [label('yearToGetBookkeepingService'), text(lead.yearToGetBookkeepingService)],
            [label('accountingSoftwareTool'), text(lead.accountingSoftwareTool?.name)],
            [label('currentlyGettingPayrollService'), yesNo(lead.currentlyGettingPayrollService)],
          ]}
        />
      </Section>
      <Section title={t('leads.details.sections.quote')}>
        {lead.servicePlans.length === 0 ? (
          <Text size="sm">{t('leads.details.plan.none')}</Text>
        ) : (
          <Stack gap="xs">
            {lead.servicePlans.map((plan) => (
              <Group key={plan.id} gap="xs">
                <Text size="sm" fw={600}>
                  {plan.services.map((service) => service.displayName).join(' + ')}
                  {plan.isPackage ? ` (${t('leads.details.plan.package')})` : ''}
                </Text>
                <Text size="sm">
                  {plan.fee === null
                    ? t('leads.details.plan.customPrice')
                    : `${money.format(plan.fee)} ${
                        plan.paymentFrequency === PAYMENT_FREQUENCY.monthly
                          ? t('leads.details.plan.perMonth')
                          : t('leads.details.plan.perYear')
                      }`}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('leads.details.sections.contract')}>
        <Fields
          items={[
            [label('contractDate'), text(lead.contractDate)],
            [label('contract'), file(lead.contract, { kind: 'contract' })],
          ]}
        />
      </Section>
      <Section title={t('leads.details.sections.createAccount')}>
        <Fields
          items={[
            [label('companyEmployerIdentificationNumber'), text(lead.companyEmployerIdentificationNumber)],
            [label('companyWebsite'), text(lead.companyWebsite)],
            [label('companyPhoneNumber'), text(formatPhone(lead.companyPhoneNumber))],
            [label('companyAddress'), text(lead.companyAddress)],
            [label('linkedUser'), text(lead.linkedUser?.emailAddress)],
          ]}
        />
      </Section>
      <Section title={t('leads.details.sections.billingInfo')}>
        <Fields
          items={[
            [label('companyBankName'), text(lead.companyBankName)],
            [label('companyBankRoutingNumber'), text(lead.companyBankRoutingNumber)],
            [label('companyBankAccountingNumber'), text(lead.companyBankAccountingNumber)],
          ]}
        />
      </Section>
      <Section title={t('leads.details.sections.documents')}>
        <Fields
          items={[
            [
              label('taxReturnAttachment'),
              file(lead.taxReturnAttachment, { kind: 'attachment', attachment: LEAD_ATTACHMENT_KIND.taxReturn }),
            ],
            [
              label('employerIdentificationNumberAttachment'),
              file(lead.employerIdentificationNumberAttachment, {
                kind: 'attachment',
                attachment: LEAD_ATTACHMENT_KIND.employerIdentificationNumber,
              }),
            ],
            [
              label('articleOfIncorporationAttachment'),
              file(lead.articleOfIncorporationAttachment, {
                kind: 'attachment',
                attachment: LEAD_ATTACHMENT_KIND.articleOfIncorporation,
              }),
            ],
          ]}
        />
      </Section>
    </Stack>
  );
}
