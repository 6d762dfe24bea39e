import { Badge, SimpleGrid, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconInbox, IconUpload } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentCounts } from '../api/get-document-counts';
import { LinkCard } from './link-card';

/** The Received docs and My uploads cards, each only for whoever may open that screen, with its count. */
export function DocumentCards({
  receivedDocsHref,
  myUploadsHref,
}: {
  receivedDocsHref?: string;
  myUploadsHref?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const shown = Boolean(receivedDocsHref || myUploadsHref);
  // A failed count only leaves the number out: the cards still lead to the lists.
  const counts = useDocumentCounts({ enabled: shown });
  if (!shown) return null;

  const count = (value: number | undefined) =>
    value === undefined ? undefined : (
      <>
        <Badge size="lg" variant="light" circle={value < 10} aria-hidden>
          {value}
        </Badge>
        <VisuallyHidden>{t('documents.count', { count: value })}</VisuallyHidden>
      </>
    );

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
            aside={count(counts.data?.received)}
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
            aside={count(counts.data?.myUploads)}
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
