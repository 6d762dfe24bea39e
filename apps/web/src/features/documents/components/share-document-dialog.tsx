import {
  TEXT_LIMIT,
  shareDocumentInputSchema,
  type DocumentListItemDto,
  type DocumentShareDto,
} from '@ledgerport/shared';
import {
  Alert,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useDocumentShares } from '../api/get-document-shares';
import { useRevokeDocumentShare } from '../api/revoke-document-share';
import { useShareDocument } from '../api/share-document';
import { shareState, type ShareState } from '../lib/share-state';

type FormValues = z.input<typeof shareDocumentInputSchema>;

const STATE_COLOR: Record<ShareState, string> = { active: 'teal', expired: 'gray', revoked: 'red' };

/** Share by e-mail (spec 02, DESIGN.md section 6): a link, never the file; earlier links can be revoked. */
export function ShareDocumentDialog({
  document,
  onClose,
}: {
  document: DocumentListItemDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={document !== null} onClose={onClose} title={t('documents.share.title')} size="lg">
      {document && <ShareDocumentBody key={document.id} document={document} onClose={onClose} />}
    </Modal>
  );
}

function ShareDocumentBody({ document, onClose }: { document: DocumentListItemDto; onClose: () => void }) {
  const { t } = useTranslation();
  const share = useShareDocument();
  const resolver = useMemo(
    () => formResolver(shareDocumentInputSchema, t, { recipientEmailAddress: t('common.validation.email') }),
    [t],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof shareDocumentInputSchema>>({
    resolver,
    defaultValues: { recipientEmailAddress: '' },
  });

  const submit = handleSubmit(({ recipientEmailAddress }) =>
    share.mutate(
      { id: document.id, recipientEmailAddress },
      {
        onSuccess: () => {
          notify.success(t('documents.messages.shared', { email: recipientEmailAddress }), { key: 'document-share' });
          reset();
        },
        onError: () => notify.error(t('documents.messages.shareError'), { key: 'document-share' }),
      },
    ),
  );

  return (
    <Stack gap="md">
      <Text size="sm" fw={600}>
        {document.displayName}
      </Text>
      <Text size="sm" c="dimmed">
        {t('documents.share.intro')}
      </Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('documents.share.email')}
            type="email"
            withAsterisk
            data-autofocus
            maxLength={TEXT_LIMIT.email}
            error={errors.recipientEmailAddress?.message}
            style={{ flex: 1 }}
            {...register('recipientEmailAddress')}
          />
          <Button type="submit" mt={25} loading={share.isPending}>
            {t('documents.share.submit')}
          </Button>
        </Group>
      </form>
      <Divider />
      <ShareList documentId={document.id} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.actions.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function ShareList({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const shares = useDocumentShares(documentId);
  const revoke = useRevokeDocumentShare();
  const [target, setTarget] = useState<DocumentShareDto | null>(null);

  const confirmRevoke = () => {
    if (!target) return;
    revoke.mutate(
      { id: documentId, shareId: target.id },
      {
        onSuccess: () => {
          notify.success(t('documents.messages.revoked', { email: target.recipientEmailAddress }), {
            key: 'document-share',
          });
          setTarget(null);
        },
        onError: () => notify.error(t('documents.messages.revokeError'), { key: 'document-share' }),
      },
    );
  };

  let body;
  if (shares.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {t('common.messages.fetchError')}
      </Alert>
    );
  } else if (shares.isPending) {
    body = (
      <Center py="sm">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  } else if (shares.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('documents.share.none')}
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {shares.data.map((item) => {
          const state = shareState(item);
          const expiry = item.requiresSignIn
            ? t('documents.share.signInLink')
            : item.expiresAt
              ? t(state === 'expired' ? 'documents.share.expiredOn' : 'documents.share.expires', {
                  date: formatDate(item.expiresAt, DATE_FORMAT.table),
                })
              : '';
          return (
            <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {item.recipientEmailAddress}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('documents.share.sharedOn', {
                    date: formatDate(item.creationTime, DATE_FORMAT.table),
                    name: item.createdBy.fullName,
                  })}
                  {expiry ? ` · ${expiry}` : ''}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Badge color={STATE_COLOR[state]} variant="light">
                  {t(`documents.share.${state}`)}
                </Badge>
                {state === 'active' && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={t('documents.share.revokeLabel', { email: item.recipientEmailAddress })}
                    onClick={() => setTarget(item)}
                  >
                    {t('documents.share.revoke')}
                  </Button>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Title order={2} size="h5" id={headingId}>
        {t('documents.share.existing')}
      </Title>
      {body}
      <ConfirmDialog
        opened={target !== null}
        title={t('documents.share.revokeTitle')}
        message={t('documents.share.revokeMessage', { email: target?.recipientEmailAddress ?? '' })}
        confirmLabel={t('documents.share.revoke')}
        danger
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}
