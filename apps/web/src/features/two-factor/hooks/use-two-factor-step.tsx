import { Alert, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTwoFactorStatus } from '../api/two-factor';
import { EnrolmentFlow } from '../components/enrolment-flow';

/**
 * The first post-login step: when the firm requires two-factor sign-in for this user's group and
 * they have not set it up, a dialog that cannot be dismissed walks them through it (the API refuses
 * everything else meanwhile). `done` stays false until then, so the screen stays hidden.
 */
export function useTwoFactorStep() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  // A failed status check must not lock anyone out of the app: the API enforces the rule anyway.
  const mustEnroll = status.data?.mustEnroll === true;
  const done = !status.isPending && !mustEnroll;

  const dialog = mustEnroll ? (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={t('security.twoFactor.requiredTitle')}
      size="lg"
    >
      <Stack gap="md">
        <Alert color="blue">{t('security.twoFactor.required')}</Alert>
        <EnrolmentFlow onDone={() => void status.refetch()} />
      </Stack>
    </Modal>
  ) : null;

  return { done, dialog };
}
