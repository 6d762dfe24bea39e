import { EMPTY_VALUE, type MailMessageDto } from '@ledgerport/shared';
import { Alert, Box, Drawer, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailField } from '@/components/ui/detail-field';
import { formatDate } from '@/lib/dates';
import { useMailMessageBody } from '../api/get-mail-message-body';
import { MAIL_TIME_FORMAT } from './mail-messages-table';
import { MailStatusBadge } from './mail-status-badge';

/**
 * Links open in a new tab: inside the frame they would load the portal in a frame, which its own
 * frame-ancestors policy refuses. A <base> with a target and no href is allowed by base-uri 'none'.
 */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

/**
 * The message as its recipient sees it. The HTML runs in a sandboxed frame with no scripts and no
 * access to the portal (an opaque origin), so even a bulk e-mail a user wrote cannot act on the page.
 */
function MessageBody({ id }: { id: number }) {
  const { t } = useTranslation();
  const body = useMailMessageBody(id);
  if (body.isPending) return <Loader size="sm" aria-label={t('mail.details.body')} />;
  if (body.isError || !body.data) return <Alert color="red">{t('mail.details.bodyError')}</Alert>;
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t('mail.details.bodyNote')}
      </Text>
      <Box
        component="iframe"
        title={t('mail.details.bodyFrame')}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={withLinksInNewTab(body.data.html)}
        w="100%"
        h={520}
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, background: '#fff' }}
      />
    </Stack>
  );
}

/** One message's delivery in full and, outside production, the message itself. */
export function MailMessageDrawer({ message, onClose }: { message: MailMessageDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={message !== null} onClose={onClose} position="right" size="xl" title={t('mail.details.title')}>
      {message && (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="xs" component="dl" m={0}>
            <DetailField label={t('mail.details.queuedAt')}>
              {formatDate(message.queuedAt, MAIL_TIME_FORMAT)}
            </DetailField>
            <DetailField label={t('mail.details.sentAt')}>
              {message.sentAt ? formatDate(message.sentAt, MAIL_TIME_FORMAT) : t('mail.details.notYet')}
            </DetailField>
            <DetailField label={t('mail.details.recipient')}>{message.recipient}</DetailField>
            <DetailField label={t('mail.details.subject')}>{message.subject}</DetailField>
            <DetailField label={t('mail.details.kind')}>{t(`mail.kind.${message.kind}`)}</DetailField>
            <DetailField label={t('mail.details.status')}>
              <MailStatusBadge status={message.status} />
            </DetailField>
            <DetailField label={t('mail.details.attempts')}>{message.attempts}</DetailField>
            <DetailField label={t('mail.details.lastError')}>{message.lastError ?? EMPTY_VALUE}</DetailField>
          </SimpleGrid>
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t('mail.details.body')}
            </Text>
            {message.bodyViewable ? (
              <MessageBody id={message.id} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('mail.details.bodyUnavailable')}
              </Text>
            )}
          </div>
        </Stack>
      )}
    </Drawer>
  );
}
