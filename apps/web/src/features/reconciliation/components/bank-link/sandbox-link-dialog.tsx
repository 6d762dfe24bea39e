import { RECONCILIATION_ERROR_CODE, SANDBOX_CREDENTIALS } from '@ledgerport/shared';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBuildingBank, IconFlask } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { createSandboxPublicToken } from '../../api/create-sandbox-public-token';
import { useSandboxInstitutions } from '../../api/get-sandbox-institutions';

const credentialsSchema = z.object({
  institutionId: z.string().min(1),
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
});
type Credentials = z.infer<typeof credentialsSchema>;

interface SandboxLinkDialogProps {
  linkToken: string;
  /** Reconnecting: the institution is fixed; only the sign-in is asked again. */
  reconnectInstitutionName?: string;
  onSuccess: (publicToken: string) => void;
  onClose: () => void;
}

/**
 * The offline bank's stand-in for Plaid Link (DESIGN.md section 8): pick an institution, sign in with
 * the sandbox credentials, and hand the resulting public token on exactly as Link would.
 */
export function SandboxLinkDialog({ linkToken, reconnectInstitutionName, onSuccess, onClose }: SandboxLinkDialogProps) {
  const { t } = useTranslation();
  const institutions = useSandboxInstitutions();
  const form = useForm<Credentials>({
    resolver: formResolver(credentialsSchema, t),
    defaultValues: { institutionId: '', username: '', password: '' },
  });
  const signIn = useMutation({
    mutationFn: (values: Credentials) => createSandboxPublicToken({ linkToken, ...values }),
    onSuccess: ({ publicToken }) => onSuccess(publicToken),
    onError: (error) => {
      if (isApiError(error) && error.code === RECONCILIATION_ERROR_CODE.sandboxInvalidCredentials) {
        form.setError('password', { message: t('reconciliation.sandbox.invalidCredentials') });
        form.setFocus('password');
      } else {
        form.setError('root', { message: t('reconciliation.messages.somethingWrong') });
      }
    },
  });

  // A reconnect signs in to the institution the accounts came from; the sandbox names are unique.
  const fixed = reconnectInstitutionName
    ? institutions.data?.find((institution) => institution.name === reconnectInstitutionName)
    : undefined;
  useEffect(() => {
    if (fixed) form.setValue('institutionId', fixed.id);
  }, [fixed, form]);

  const title = reconnectInstitutionName
    ? t('reconciliation.sandbox.reconnectTitle', { institution: reconnectInstitutionName })
    : t('reconciliation.sandbox.title');

  return (
    <Modal opened onClose={onClose} title={title} centered size="md">
      <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
        <Stack gap="md">
          <Badge color="orange" variant="light" leftSection={<IconFlask size={14} aria-hidden />}>
            {t('reconciliation.sandbox.testMode')}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('reconciliation.sandbox.intro')}
          </Text>
          {institutions.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
          {institutions.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('reconciliation.sandbox.institutionsError')}
            </Alert>
          )}
          {institutions.data && !reconnectInstitutionName && (
            <Controller
              control={form.control}
              name="institutionId"
              render={({ field, fieldState }) => (
                <Radio.Group
                  label={t('reconciliation.sandbox.institution')}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  withAsterisk
                >
                  <Stack gap="xs" mt="xs">
                    {institutions.data.map((institution) => (
                      <Radio
                        key={institution.id}
                        value={institution.id}
                        label={
                          <Group component="span" gap="xs" wrap="nowrap">
                            <Avatar src={institution.logo} size={20} radius="sm" alt="">
                              <IconBuildingBank size={14} aria-hidden />
                            </Avatar>
                            <span>{institution.name}</span>
                          </Group>
                        }
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
          )}
          <TextInput
            label={t('reconciliation.sandbox.username')}
            autoComplete="off"
            withAsterisk
            {...form.register('username')}
            error={form.formState.errors.username?.message}
          />
          <PasswordInput
            label={t('reconciliation.sandbox.password')}
            autoComplete="off"
            withAsterisk
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <Text size="xs" c="dimmed">
            {t('reconciliation.sandbox.hint', {
              ...SANDBOX_CREDENTIALS.good,
              expiringUsername: SANDBOX_CREDENTIALS.expiring.username,
            })}
          </Text>
          {form.formState.errors.root && (
            <Alert color="red" variant="light" role="alert">
              {form.formState.errors.root.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('reconciliation.sandbox.cancel')}
            </Button>
            <Button type="submit" loading={signIn.isPending} disabled={!institutions.data}>
              {t('reconciliation.sandbox.connect')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
