import { Modal, Stepper } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/lib/use-is-phone';
import { BillingInfoStep } from './billing-info-step';
import { DocumentsStep } from './documents-step';

export type LeadOnboardingDialogStep = 'billing' | 'documents';

/**
 * The two-step dialog after sign-in (spec 01 section 4.4). It cannot be dismissed: until it is done
 * the client can reach nothing else. Width 700 (spec 01 section 9).
 */
export function LeadOnboardingDialog({
  initialStep,
  onCompleted,
}: {
  initialStep: LeadOnboardingDialogStep;
  onCompleted: () => void;
}) {
  const { t } = useTranslation();
  // Side by side the steps wrap into ragged rows on a phone: one under the other there.
  const phone = useIsPhone();
  const [step, setStep] = useState<LeadOnboardingDialogStep>(initialStep);
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size={700}
      centered
      title={t('leads.onboarding.title')}
    >
      <Stepper
        active={step === 'billing' ? 0 : 1}
        size="sm"
        mb="lg"
        allowNextStepsSelect={false}
        orientation={phone ? 'vertical' : 'horizontal'}
      >
        <Stepper.Step label={t('leads.onboarding.steps.billing')} />
        <Stepper.Step label={t('leads.onboarding.steps.documents')} />
      </Stepper>
      {step === 'billing' ? (
        <BillingInfoStep onSaved={() => setStep('documents')} />
      ) : (
        <DocumentsStep onCompleted={onCompleted} />
      )}
    </Modal>
  );
}
