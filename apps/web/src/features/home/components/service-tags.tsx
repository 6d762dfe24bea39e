import type { CatalogServiceDto } from '@ledgerport/shared';
import { Alert, Anchor, Breadcrumbs, Button, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFolders } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { useServiceTags } from '@/lib/reference-data/get-service-tags';
import { CatalogIcon } from './catalog-icon';
import { LinkCard } from './link-card';

/** Spec 01 section 2.10 with a service chosen: Home > service, then All tags and the service's main-group tags. */
export function ServiceTags({
  service,
  homeHref,
  allTagsHref,
  tagHref,
}: {
  service: CatalogServiceDto;
  homeHref: string;
  allTagsHref: string;
  tagHref: (tagId: number) => string;
}) {
  const { t } = useTranslation();
  const tags = useServiceTags(service.id);
  const headingId = useId();
  return (
    <Stack gap="lg">
      <nav aria-label={t('home.tags.breadcrumb')}>
        <Breadcrumbs>
          <Anchor component={Link} to={homeHref}>
            {t('nav.home')}
          </Anchor>
          <Text aria-current="page">{service.displayName}</Text>
        </Breadcrumbs>
      </nav>
      <section aria-labelledby={headingId}>
        <Title order={2} size="h4" id={headingId} mb="sm">
          {service.displayName}
        </Title>
        {tags.isError ? (
          <Alert color="red" title={t('errors.fetch')} maw={560}>
            <Button variant="light" color="red" mt="sm" onClick={() => void tags.refetch()}>
              {t('errors.retry')}
            </Button>
          </Alert>
        ) : tags.isPending ? (
          <PageLoader />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
            <LinkCard
              to={allTagsHref}
              title={t('home.tags.allTags')}
              description={t('home.tags.allTagsDescription')}
              accent={service.color}
              icon={
                <ThemeIcon size={40} radius="md" variant="light" color={service.color} aria-hidden>
                  <IconFolders size={24} />
                </ThemeIcon>
              }
            />
            {tags.data.map((tag) => (
              <LinkCard
                key={tag.id}
                to={tagHref(tag.id)}
                title={tag.displayName}
                accent={service.color}
                icon={<CatalogIcon listIcon={tag.listIcon} color={service.color} kind="tag" />}
              />
            ))}
          </SimpleGrid>
        )}
        {tags.isSuccess && tags.data.length === 0 && (
          <Text c="dimmed" mt="md">
            {t('home.tags.empty')}
          </Text>
        )}
      </section>
    </Stack>
  );
}
