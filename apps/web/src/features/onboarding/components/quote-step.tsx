import {
  isCompleteQuote,
  PAYMENT_FREQUENCY,
  QUOTE_FEATURES,
  type OnboardingServiceName,
  type PublicLeadDto,
  type ServicePlanDto,
} from '@ledgerport/shared';
import { Alert, Badge, Button, Card, Checkbox, Group, List, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { StaleVersionAlert } from '@/components/ui/stale-version-alert';
import { useOnboardingServices } from '../api/get-lookup-options';
import { useServicePlans } from '../api/get-service-plans';
import { useUpdateLeadStep } from '../api/update-lead-step';
import { useStepConflict, wizardConflictTexts } from '../api/use-step-conflict';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const isQuoteService = (name: string): name is OnboardingServiceName => name in QUOTE_FEATURES;

function PlanCard({
  plan,
  checked,
  onToggle,
}: {
  plan: ServicePlanDto;
  checked: boolean;
  onToggle: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const name = plan.services.map((service) => service.displayName).join(' + ');
  const monthly = plan.paymentFrequency === PAYMENT_FREQUENCY.monthly;
  return (
    <Card withBorder padding="lg" style={checked ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}>{name}</Text>
          {plan.isPackage && <Badge variant="light">{t('onboarding.quote.package')}</Badge>}
        </Group>
        <div>
          {plan.fee === null ? (
            <Text fz={24} fw={700}>
              {t('onboarding.quote.customPrice')}
            </Text>
          ) : (
            <Group gap={6} align="baseline">
              <Text fz={24} fw={700}>
                {money.format(plan.fee)}
              </Text>
              <Text c="dimmed">{monthly ? t('onboarding.quote.perMonth') : t('onboarding.quote.perYear')}</Text>
            </Group>
          )}
          <Text size="sm" c="dimmed">
            {monthly ? t('onboarding.quote.monthly') : t('onboarding.quote.annual')}
          </Text>
        </div>
        {plan.services.map((service) => (
          <div key={service.name}>
            {plan.isPackage && (
              <Text size="sm" fw={600}>
                {service.displayName}
              </Text>
            )}
            <List size="sm" spacing={2} icon={<IconCheck size={14} aria-hidden />}>
              {(isQuoteService(service.name) ? QUOTE_FEATURES[service.name] : []).map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </div>
        ))}
        <Checkbox
          mt="auto"
          label={t('onboarding.quote.choose', { name })}
          checked={checked}
          onChange={(event) => onToggle(event.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
}

/**
 * Step 3: one plan per chosen service (a package covers several). Choosing a plan drops the chosen
 * ones that cover any of its services, so the choice is always a valid quote or on its way to one.
 */
export function QuoteStep({
  lead,
  onSaved,
  onPrevious,
}: {
  lead: PublicLeadDto;
  onSaved: () => void;
  onPrevious: () => void;
}) {
  const { t } = useTranslation();
  const plans = useServicePlans(lead.idHash);
  const services = useOnboardingServices();
  const update = useUpdateLeadStep(lead.idHash);
  const [chosen, setChosen] = useState<number[]>(lead.servicePlanIds);

  const serviceNames = (lead.intakeAnswers?.services ?? []).flatMap((id) => {
    const service = services.data?.find((candidate) => candidate.id === id);
    return service ? [service.name] : [];
  });
  const available = plans.data ?? [];
  const complete = isCompleteQuote(available, chosen, serviceNames);

  const toggle = (plan: ServicePlanDto, checked: boolean) => {
    if (!checked) {
      setChosen((ids) => ids.filter((id) => id !== plan.id));
      return;
    }
    const names = new Set(plan.services.map((service) => service.name));
    setChosen((ids) => [
      ...ids.filter((id) => {
        const other = available.find((candidate) => candidate.id === id);
        return other !== undefined && !other.services.some((service) => names.has(service.name));
      }),
      plan.id,
    ]);
  };

  const conflicts = useStepConflict(lead, (latest) => ({ servicePlanIds: latest.servicePlanIds }));
  const submit = async (version = conflicts.version) => {
    try {
      await update.mutateAsync({ step: 'quote', body: { servicePlanIds: chosen }, version });
      onSaved();
    } catch (error) {
      if (await conflicts.catchStale(error)) return;
      notify.error(t('onboarding.errors.quote'), { key: 'onboarding-step' });
    }
  };

  let body;
  if (plans.isError) body = <Alert color="red">{t('onboarding.errors.leadLoad')}</Alert>;
  else if (!plans.data) body = <Loader aria-label={t('app.loading')} />;
  else if (plans.data.length === 0) body = <Text>{t('onboarding.quote.noPlans')}</Text>;
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {plans.data.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            checked={chosen.includes(plan.id)}
            onToggle={(checked) => toggle(plan, checked)}
          />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack>
      {conflicts.conflict && (
        <StaleVersionAlert
          details={conflicts.conflict.details}
          texts={wizardConflictTexts(t, {
            takeTheirs: t('onboarding.conflict.quoteTakeTheirs'),
            overwrite: t('onboarding.conflict.quoteOverwrite'),
          })}
          busy={update.isPending}
          onTakeTheirs={() => setChosen(conflicts.takeTheirs({ servicePlanIds: chosen }).servicePlanIds)}
          onOverwrite={() => void submit(conflicts.overwriteVersion())}
        />
      )}
      <Text>{t('onboarding.quote.intro')}</Text>
      {body}
      {!complete && chosen.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('onboarding.quote.incomplete')}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onPrevious}>
          {t('onboarding.actions.previous')}
        </Button>
        <Button disabled={!complete} loading={update.isPending} onClick={() => void submit()}>
          {t('onboarding.actions.next')}
        </Button>
      </Group>
    </Stack>
  );
}
