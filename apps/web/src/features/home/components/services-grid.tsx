import type { CatalogServiceDto } from '@ledgerport/shared';
import { Alert, Button, SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';
import { CatalogIcon } from './catalog-icon';
import { LinkCard } from './link-card';

/** The Services grid of the home screen; each service opens its tag cards. */
export function ServicesGrid({
  services,
  isError,
  onRetry,
  serviceHref,
}: {
  /** Undefined while loading. */
  services: CatalogServiceDto[] | undefined;
  isError: boolean;
  onRetry: () => void;
  serviceHref: (serviceId: number) => string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t('home.services.title')}
      </Title>
      {isError ? (
        <Alert color="red" title={t('errors.fetch')} maw={560}>
          <Button variant="light" color="red" mt="sm" onClick={onRetry}>
            {t('errors.retry')}
          </Button>
        </Alert>
      ) : !services ? (
        <PageLoader />
      ) : services.length === 0 ? (
        <Text c="dimmed">{t('home.services.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
          {services.map((service) => (
            <LinkCard
              key={service.id}
              to={serviceHref(service.id)}
              title={service.displayName}
              accent={service.color}
              icon={<CatalogIcon listIcon={service.listIcon} color={service.color} kind="service" />}
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
