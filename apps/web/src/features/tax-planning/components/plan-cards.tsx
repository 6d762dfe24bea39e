import { Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { track } from '../lib/analytics';
import { FREEDOM_FEATURES, SESSION_FEATURES, TAX_PLANNING_PAYMENT_LINKS } from '../lib/plans';

function PaymentLink({ plan, url, label }: { plan: string; url: string; label: string }) {
  return (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => track({ type: 'payment_link_click', plan, url })}
    >
      {label}
    </Button>
  );
}

/** The offers after the estimate (spec 03 section 9), each paid on the firm's payment page. */
export function PlanCards() {
  const { t } = useTranslation();
  const check = <IconCheck size={16} aria-hidden />;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('taxPlanning.result.plansHeading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="plan-session">
          <Stack gap="sm" h="100%">
            <Title order={3} size="h4" id="plan-session">
              {t('taxPlanning.plans.session.name')}
            </Title>
            <Group gap={6} align="baseline">
              <Text fz={28} fw={700}>
                {t('taxPlanning.plans.session.price')}
              </Text>
              <Text c="dimmed">{t('taxPlanning.plans.session.frequency')}</Text>
            </Group>
            <List spacing={4} icon={check} style={{ flexGrow: 1 }}>
              {SESSION_FEATURES.map((feature) => (
                <List.Item key={feature}>{t(`taxPlanning.plans.session.features.${feature}`)}</List.Item>
              ))}
            </List>
            <PaymentLink
              plan="session"
              url={TAX_PLANNING_PAYMENT_LINKS.session}
              label={t('taxPlanning.plans.session.action')}
            />
          </Stack>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="plan-freedom">
          <Stack gap="sm" h="100%">
            <Title order={3} size="h4" id="plan-freedom">
              {t('taxPlanning.plans.freedom.name')}
            </Title>
            <Group gap={6} align="baseline">
              <Text fz={28} fw={700}>
                {t('taxPlanning.plans.freedom.monthlyPrice')}
              </Text>
              <Text c="dimmed">{t('taxPlanning.plans.freedom.monthlyFrequency')}</Text>
            </Group>
            <Group gap={6} align="baseline">
              <Text fz={28} fw={700}>
                {t('taxPlanning.plans.freedom.annualPrice')}
              </Text>
              <Text c="dimmed">{t('taxPlanning.plans.freedom.annualFrequency')}</Text>
            </Group>
            <Text size="sm">{t('taxPlanning.plans.freedom.everythingInSession')}</Text>
            <List spacing={4} icon={check} style={{ flexGrow: 1 }}>
              {FREEDOM_FEATURES.map((feature) => (
                <List.Item key={feature}>{t(`taxPlanning.plans.freedom.features.${feature}`)}</List.Item>
              ))}
            </List>
            <Group grow>
              <PaymentLink
                plan="freedom-monthly"
                url={TAX_PLANNING_PAYMENT_LINKS.freedomMonthly}
                label={t('taxPlanning.plans.freedom.payMonthly')}
              />
              <PaymentLink
                plan="freedom-annual"
                url={TAX_PLANNING_PAYMENT_LINKS.freedomAnnual}
                label={t('taxPlanning.plans.freedom.payAnnually')}
              />
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
