import { Alert, Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { useConfirmEnrolment, useStartEnrolment } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';

/**
 * Set-up from start to finish: a new secret as a QR code and as a key to type, a first code to
 * turn it on, then the recovery codes, shown once.
 */
export function EnrolmentFlow({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutate: begin } = start;

  useEffect(() => begin(), [begin]);

  const finish = () => {
    // Whatever the gate blocked before now answers: refetch everything.
    void queryClient.invalidateQueries();
    onDone();
  };

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={finish} />;
  if (start.isError) {
    return (
      <Alert color="red" title={t('security.twoFactor.startError')}>
        <Button variant="light" color="red" mt="sm" onClick={() => begin()}>
          {t('errors.retry')}
        </Button>
      </Alert>
    );
  }
  if (!start.data) return <PageLoader />;
  const enrolment = start.data;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError(t('security.signIn.codeRequired'));
      return;
    }
    try {
      await confirm.mutateAsync(typed);
    } catch (caught) {
      setError(isApiError(caught, 429) ? t('security.twoFactor.tooManyAttempts') : t('security.twoFactor.wrongCode'));
      setCode('');
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('security.twoFactor.scan')}</Text>
        <Image src={enrolment.qrCodeDataUrl} alt={t('security.twoFactor.qrAlt')} w={200} h={200} />
        <Text size="sm" id="two-factor-manual-key">
          {t('security.twoFactor.manualKey')}
        </Text>
        <Group gap="xs">
          <Code fz="md" aria-labelledby="two-factor-manual-key" data-testid="two-factor-secret">
            {enrolment.secret}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="subtle" onClick={copy}>
                {copied ? t('security.twoFactor.copied') : t('security.twoFactor.copyKey')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{t('security.twoFactor.confirmStep')}</Text>
        <TextInput
          label={t('security.signIn.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          maw={240}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            {t('security.twoFactor.confirm')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('security.twoFactor.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
