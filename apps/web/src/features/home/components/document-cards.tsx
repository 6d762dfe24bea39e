import { SimpleGrid, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconInbox, IconUpload } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkCard } from './link-card';

/** The Received docs and My uploads cards, each only for whoever may open that screen. */
export function DocumentCards({
  receivedDocsHref,
  myUploadsHref,
}: {
  receivedDocsHref?: string;
  myUploadsHref?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!receivedDocsHref && !myUploadsHref) return null;
  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden>
        <h2 id={headingId}>{t('home.documents.label')}</h2>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={760}>
        {receivedDocsHref && (
          <LinkCard
            to={receivedDocsHref}
            title={t('nav.receivedDocs')}
            description={t('home.documents.receivedDocsDescription')}
            icon={
              <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                <IconInbox size={24} />
              </ThemeIcon>
            }
          />
        )}
        {myUploadsHref && (
          <LinkCard
            to={myUploadsHref}
            title={t('nav.myUploads')}
            description={t('home.documents.myUploadsDescription')}
            icon={
              <ThemeIcon size={40} radius="md" variant="light" color="teal" aria-hidden>
                <IconUpload size={24} />
              </ThemeIcon>
            }
          />
        )}
      </SimpleGrid>
    </section>
  );
}
