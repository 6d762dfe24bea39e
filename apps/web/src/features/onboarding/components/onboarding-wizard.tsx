import { ONBOARDING_STEP } from '@ledgerport/shared';
import { Center, Loader, Paper, Stack, Stepper } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useIsPhone } from '@/lib/use-is-phone';
import { useLead } from '../api/get-lead';
import { ContractStep } from './contract-step';
import { CreateAccountStep, type NewAccountCredentials } from './create-account-step';
import { GeneralInfoStep } from './general-info-step';
import { IntakeStep } from './intake-step';
import { QuoteStep } from './quote-step';

const STEP_KEYS = ['generalInfo', 'intakeQuestions', 'quote', 'contract', 'createAccount'] as const;

export interface OnboardingWizardProps {
  /** The lead's idHash on the continue route; absent on the start route. */
  idHash?: string;
  /** Step 1 created the lead: the route moves to the continue route. */
  onLeadCreated: (idHash: string) => void;
  /** The lead already reached create account (or beyond): the route sends the user to Login. */
  onClosed: () => void;
  /** The lead could not be loaded (unknown link): the route starts over. */
  onLoadFailed: () => void;
  /** Step 5 created the account: the route signs the user in. */
  onAccountCreated: (credentials: NewAccountCredentials) => Promise<void>;
}

/**
 * The public five-step wizard (spec 03, Customer onboarding wizard). On loading a lead its status
 * picks the step; each submitted step advances and the lead is read again; Previous steps back
 * without submitting.
 */
export function OnboardingWizard({
  idHash,
  onLeadCreated,
  onClosed,
  onLoadFailed,
  onAccountCreated,
}: OnboardingWizardProps) {
  const { t } = useTranslation();
  // Side by side the steps wrap into ragged rows on a phone: one under the other there.
  const phone = useIsPhone();
  const lead = useLead(idHash);
  /** 1-based step shown; null until the lead says where to start. */
  const [step, setStep] = useState<number | null>(idHash ? null : ONBOARDING_STEP.generalInfo);

  const loadedStep = lead.data?.step;
  useEffect(() => {
    if (loadedStep === undefined) return;
    if (loadedStep >= ONBOARDING_STEP.done) onClosed();
    else setStep((current) => current ?? loadedStep);
  }, [loadedStep, onClosed]);

  useEffect(() => {
    if (!lead.isError) return;
    if (!isApiError(lead.error, 404)) notify.error(t('onboarding.errors.leadLoad'), { key: 'onboarding-load' });
    onLoadFailed();
  }, [lead.isError, lead.error, onLoadFailed, t]);

  const next = () => setStep((current) => (current ?? 1) + 1);
  const previous = () => setStep((current) => Math.max(1, (current ?? 2) - 1));

  let content;
  if (step === null || (idHash && !lead.data)) {
    content = (
      <Center h={240}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  } else if (step === ONBOARDING_STEP.generalInfo || !lead.data) {
    content = (
      <GeneralInfoStep key={lead.data?.idHash ?? 'new'} lead={lead.data} onCreated={onLeadCreated} onSaved={next} />
    );
  } else if (step === ONBOARDING_STEP.intakeQuestions) {
    content = <IntakeStep lead={lead.data} onSaved={next} onPrevious={previous} />;
  } else if (step === ONBOARDING_STEP.quote) {
    content = <QuoteStep lead={lead.data} onSaved={next} onPrevious={previous} />;
  } else if (step === ONBOARDING_STEP.contract) {
    content = <ContractStep lead={lead.data} onSaved={next} onPrevious={previous} />;
  } else {
    content = <CreateAccountStep lead={lead.data} onCreated={onAccountCreated} />;
  }

  const active = (step ?? 1) - 1;
  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        size="sm"
        aria-label={t('onboarding.stepper')}
        allowNextStepsSelect={false}
        orientation={phone ? 'vertical' : 'horizontal'}
      >
        {STEP_KEYS.map((key) => (
          <Stepper.Step key={key} label={t(`onboarding.steps.${key}`)} />
        ))}
      </Stepper>
      <Paper
        withBorder
        p={{ base: 'md', sm: 'xl' }}
        radius="md"
        component="section"
        aria-label={t(`onboarding.steps.${STEP_KEYS[active]!}`)}
      >
        {content}
      </Paper>
    </Stack>
  );
}
