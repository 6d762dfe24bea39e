import {
  BUSINESS_ENTITY_TYPE,
  REGISTERED_AGENT_TYPE,
  type CompanyDetails as Company,
  formatPhone,
} from '@ledgerport/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import type { companies as companiesTexts } from '@/lib/locales/en/companies';
import { isApiError } from '@/lib/api-client';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { useDownloadPassport } from '../api/download-passport';
import { useCompany } from '../api/get-company';
import { formatUsd, legalNameWithDesignator, orFiller } from '../lib/company-display';
import { CompanyTypeChip, PaymentStatusChip } from './company-chips';

type FieldKey = keyof (typeof companiesTexts)['details']['fields'];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" m={0}>
      {children}
    </SimpleGrid>
  );
}

function SummaryLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" component="div">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * Company details (spec 03): every section with its conditions. `canDownloadPassport` is
 * company:view, which the route already requires; it stays explicit for the chip's rule.
 */
export function CompanyDetails({
  companyId,
  listHref,
  canDownloadPassport,
}: {
  companyId: number | null;
  listHref: string;
  canDownloadPassport: boolean;
}) {
  const { t } = useTranslation();
  const company = useCompany(companyId);

  if (companyId === null || isApiError(company.error, 404)) {
    return (
      <>
        <PageTitle>{t('companies.details.notFoundTitle')}</PageTitle>
        <Alert color="yellow" variant="light" maw={560}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('companies.details.notFound')}</Text>
            <Anchor component={Link} to={listHref}>
              {t('companies.details.backToList')}
            </Anchor>
          </Stack>
        </Alert>
      </>
    );
  }
  if (company.isError) {
    return (
      <>
        <PageTitle>{t('pages.companyDetails')}</PageTitle>
        <Alert color="red" variant="light" role="alert" maw={560}>
          <Group justify="space-between">
            <Text size="sm">{t('common.messages.fetchError')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void company.refetch()}>
              {t('errors.retry')}
            </Button>
          </Group>
        </Alert>
      </>
    );
  }
  if (company.isPending) {
    return (
      <>
        <PageTitle>{t('pages.companyDetails')}</PageTitle>
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      </>
    );
  }
  return <CompanySections company={company.data} canDownloadPassport={canDownloadPassport} />;
}

function CompanySections({ company, canDownloadPassport }: { company: Company; canDownloadPassport: boolean }) {
  const { t } = useTranslation();
  const field = (key: FieldKey) => t(`companies.details.fields.${key}`);
  const isCorporation = company.businessEntityType.id === BUSINESS_ENTITY_TYPE.corporation;
  const agent = company.isResident ? company.registeredAgent : null;
  const payment = company.registrationPayment;

  return (
    <Stack gap="lg" maw={1100}>
      <Group gap="sm" align="center">
        <PageTitle>{legalNameWithDesignator(company.legalName, company.businessEntityType.id)}</PageTitle>
        <CompanyTypeChip isResident={company.isResident} />
      </Group>

      <Section title={t('companies.details.sections.company')}>
        <Fields>
          <Field label={field('legalName')}>{company.legalName}</Field>
          <Field label={field('doingBusinessAs')}>{orFiller(company.doingBusinessAs)}</Field>
          <Field label={field('businessEntityType')}>{company.businessEntityType.name}</Field>
          <Field label={field('state')}>{company.state.name}</Field>
          <Field label={field('industry')}>{orFiller(company.industry?.name ?? company.otherIndustryName)}</Field>
          <Field label={field('creationDate')}>{formatDate(company.creationTime, DATE_FORMAT.details)}</Field>
        </Fields>
      </Section>

      <Section title={t('companies.details.sections.contact')}>
        <Fields>
          <Field label={field('firstName')}>{orFiller(company.contactFirstName)}</Field>
          <Field label={field('lastName')}>{orFiller(company.contactLastName)}</Field>
          <Field label={field('emailAddress')}>{orFiller(company.contactEmailAddress)}</Field>
          <Field label={field('phoneNumber')}>{orFiller(formatPhone(company.contactPhoneNumber))}</Field>
          <Field label={field('fax')}>{orFiller(company.contactFax)}</Field>
        </Fields>
      </Section>

      {agent && (
        <Section title={t('companies.details.sections.registeredAgent')}>
          <Fields>
            <Field label={field('registeredAgentType')}>{agent.registeredAgentType.name}</Field>
            {agent.registeredAgentType.id === REGISTERED_AGENT_TYPE.company ? (
              <Field label={field('companyName')}>{orFiller(agent.companyName)}</Field>
            ) : (
              <>
                <Field label={field('firstName')}>{orFiller(agent.firstName)}</Field>
                <Field label={field('middleName')}>{orFiller(agent.middleName)}</Field>
                <Field label={field('lastName')}>{orFiller(agent.lastName)}</Field>
              </>
            )}
            <Field label={field('addressLine1')}>{orFiller(agent.addressLine1)}</Field>
            <Field label={field('addressLine2')}>{orFiller(agent.addressLine2)}</Field>
            <Field label={field('city')}>{orFiller(agent.city)}</Field>
            <Field label={field('jurisdiction')}>{orFiller(agent.county?.name)}</Field>
            <Field label={field('zipCode')}>{orFiller(agent.zipCode)}</Field>
            <Field label={field('emailAddress')}>{orFiller(agent.emailAddress)}</Field>
            <Field label={field('phoneNumber')}>{orFiller(formatPhone(agent.phoneNumber))}</Field>
          </Fields>
        </Section>
      )}

      <Section title={t('companies.details.sections.businessAddress')}>
        {company.businessAddress ? (
          <Fields>
            <Field label={field('addressLine1')}>{orFiller(company.businessAddress.addressLine1)}</Field>
            <Field label={field('addressLine2')}>{orFiller(company.businessAddress.addressLine2)}</Field>
            <Field label={field('city')}>{orFiller(company.businessAddress.city)}</Field>
            <Field label={field('zipCode')}>{orFiller(company.businessAddress.zipCode)}</Field>
            <Field label={field('emailAddress')}>{orFiller(company.businessAddress.emailAddress)}</Field>
            <Field label={field('phoneNumber')}>{orFiller(formatPhone(company.businessAddress.phoneNumber))}</Field>
          </Fields>
        ) : (
          <Text size="sm">
            {t(
              company.isResident
                ? 'companies.details.predefinedResidentAddress'
                : 'companies.details.predefinedNonResidentAddress',
            )}
          </Text>
        )}
      </Section>

      {company.managementStructure && !isCorporation && (
        <Section title={t('companies.details.sections.managementStructure')}>
          <Fields>
            <Field label={field('managementStructure')}>{company.managementStructure.name}</Field>
          </Fields>
        </Section>
      )}

      <Section
        title={t(isCorporation ? 'companies.details.sections.officers' : 'companies.details.sections.organizers')}
      >
        <Stack gap="md">
          {company.organizers.map((organizer, index) => (
            <Stack key={organizer.id} gap="sm">
              {index > 0 && <Divider />}
              <Fields>
                <Field label={field('firstName')}>{orFiller(organizer.firstName)}</Field>
                <Field label={field('middleName')}>{orFiller(organizer.middleName)}</Field>
                <Field label={field('lastName')}>{orFiller(organizer.lastName)}</Field>
                {isCorporation && (
                  <Field label={field('titles')}>
                    {orFiller(organizer.titles.map((title) => title.name).join(', '))}
                  </Field>
                )}
                <Field label={field('shareOwnership')}>
                  {t('companies.details.shareOwnershipValue', { value: organizer.shareOwnership })}
                </Field>
                {isCorporation && (
                  <Field label={field('director')}>
                    {t(organizer.isDirector ? 'companies.details.yes' : 'companies.details.no')}
                  </Field>
                )}
                {!company.isResident && (
                  <Field label={field('passport')}>
                    {organizer.mainPageOfPassport && canDownloadPassport ? (
                      <PassportChip
                        companyId={company.id}
                        organizerId={organizer.id}
                        fileName={organizer.mainPageOfPassport.fileName}
                        ownerName={`${organizer.firstName} ${organizer.lastName}`}
                      />
                    ) : (
                      orFiller(organizer.mainPageOfPassport?.fileName)
                    )}
                  </Field>
                )}
              </Fields>
            </Stack>
          ))}
        </Stack>
      </Section>

      <Section title={t('companies.details.sections.socialSecurity')}>
        <Fields>
          <Field label={field('socialSecurityNumber')}>{orFiller(company.socialSecurityNumber)}</Field>
          <Field label={field('firstName')}>{orFiller(company.socialSecurityFirstName)}</Field>
          <Field label={field('lastName')}>{orFiller(company.socialSecurityLastName)}</Field>
        </Fields>
      </Section>

      {payment && (
        <Section title={t('companies.details.sections.orderSummary')}>
          <Stack gap="xs" maw={420}>
            <Group justify="space-between">
              <Text size="sm">{t('companies.details.order.paymentStatus')}</Text>
              <PaymentStatusChip status={payment.paymentStatus} />
            </Group>
            <SummaryLine
              label={t(
                company.isResident ? 'companies.details.order.stateFilingFee' : 'companies.details.order.governmentFee',
              )}
              value={formatUsd(payment.stateFilingFee)}
            />
            {company.isResident && (
              <SummaryLine
                label={t('companies.details.order.processingFee')}
                value={formatUsd(payment.processingFee)}
              />
            )}
            <SummaryLine label={t('companies.details.order.serviceFee')} value={formatUsd(payment.serviceFee)} />
            {payment.coupon && (
              <SummaryLine
                label={t('companies.details.order.coupon', { code: payment.coupon.code })}
                value={`−${formatUsd(payment.discountAmount)}`}
              />
            )}
            <Divider />
            <SummaryLine label={t('companies.details.order.total')} value={formatUsd(payment.totalAmount)} strong />
          </Stack>
        </Section>
      )}
    </Stack>
  );
}

function PassportChip({
  companyId,
  organizerId,
  fileName,
  ownerName,
}: {
  companyId: number;
  organizerId: number;
  fileName: string;
  ownerName: string;
}) {
  const { t } = useTranslation();
  const download = useDownloadPassport();
  return (
    <Badge
      component="button"
      type="button"
      variant="light"
      leftSection={<IconDownload size={12} />}
      style={{ cursor: 'pointer', textTransform: 'none' }}
      aria-label={t('companies.actions.downloadPassport', { name: ownerName })}
      aria-busy={download.isPending}
      disabled={download.isPending}
      onClick={() => download.mutate({ companyId, organizerId })}
    >
      {fileName}
    </Badge>
  );
}
