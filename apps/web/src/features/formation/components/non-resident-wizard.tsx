import { dollarsToCents, nonResidentFormationFees } from '@ledgerport/shared';
import { useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useOptions } from '../api/get-options';
import { useStates } from '@/lib/reference-data/get-states';
import { newIdempotencyKey, postFormation } from '../api/post-formation';
import {
  isCorporation,
  nonResidentDefaults,
  nonResidentFormData,
  nonResidentInput,
  nonResidentStepSchemas,
  type NonResidentValues,
} from '../lib/formation-form';
import { useFetchErrorNotice } from '../lib/use-fetch-error-notice';
import { STEP, useFormationWizard, type WizardRules } from '../lib/use-formation-wizard';
import { BusinessAddressFields } from './business-address-fields';
import { CompanyFields } from './company-fields';
import { ContactFields } from './contact-fields';
import { NonResidentOrderSummary } from './order-summary';
import { OrganizersFields } from './organizers-fields';
import { PaymentStep, type PendingPayment } from './payment-step';
import { Section } from './section';
import { SocialSecurityFields } from './social-security-fields';
import { StepForm } from './step-form';
import { SuccessStep } from './success-step';
import { WizardFrame } from './wizard-frame';

const SUBMIT_NOTICE_KEY = 'formation-submit';

const RULES: WizardRules<NonResidentValues> = { stepSchemas: nonResidentStepSchemas, toInput: nonResidentInput };

/** Non-resident company formation (spec 03 "Non-resident formation wizard", sections 4, 5, 8 and 9). */
export function NonResidentWizard() {
  const { t } = useTranslation();
  const { form, step, goTo, navigated } = useFormationWizard(RULES, nonResidentDefaults());
  const [payment, setPayment] = useState<PendingPayment | null>(null);

  // Every list is asked for on arrival, so later steps open without waiting.
  const states = useStates();
  const industries = useOptions('industries');
  const entityTypes = useOptions('business-entity-types');
  const titles = useOptions('organizer-titles');
  useFetchErrorNotice(states.isError, industries.isError, entityTypes.isError, titles.isError);
  // Territories have no filing fees: the firm does not form companies there.
  const formable = useMemo(
    () =>
      (states.data ?? []).filter(
        (state) => state.llcFilingFeeForResidents !== null || state.corporationFilingFeeForResidents !== null,
      ),
    [states.data],
  );
  const corporation = isCorporation({ businessEntityType: form.watch('businessEntityType') });

  const next = form.handleSubmit(() => goTo(step + 1));
  const back = () => goTo(step - 1);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await postFormation(
        '/company/companies/non-resident',
        nonResidentFormData(values),
        newIdempotencyKey(),
      );
      setPayment({
        clientSecret: answer.stripePaymentClientSecret,
        amountCents:
          answer.paymentAmount !== undefined
            ? dollarsToCents(answer.paymentAmount)
            : nonResidentFormationFees().totalCents,
      });
      goTo(STEP.payment);
    } catch {
      notify.error(t('formation.messages.submitError'), { key: SUBMIT_NOTICE_KEY });
    }
  });

  const steps = [
    { label: t('formation.steps.companyOnly'), description: t('formation.steps.companyOnlyDescription') },
    { label: t('formation.steps.contact'), description: t('formation.steps.contactDescription') },
    {
      label: t(corporation ? 'formation.sections.officers' : 'formation.steps.organizers'),
      description: t('formation.steps.organizersDescription'),
    },
    { label: t('formation.steps.payment'), description: t('formation.steps.paymentDescription') },
    { label: t('formation.steps.done'), description: t('formation.steps.doneDescription') },
  ];

  return (
    <WizardFrame
      title={t('pages.companyFormationNonResident')}
      steps={steps}
      active={step}
      sidebar={<NonResidentOrderSummary />}
    >
      <FormProvider {...form}>
        {step === STEP.first && (
          <StepForm
            title={t('formation.sections.company')}
            onSubmit={(event) => void next(event)}
            submitLabel={t('formation.actions.next')}
            focusHeading={navigated}
          >
            <CompanyFields states={formable} />
          </StepForm>
        )}
        {step === STEP.second && (
          <StepForm
            title={t('formation.sections.contact')}
            onSubmit={(event) => void next(event)}
            onCancel={back}
            submitLabel={t('formation.actions.next')}
            focusHeading={navigated}
          >
            <ContactFields />
            <Section legend={t('formation.sections.businessAddress')}>
              <BusinessAddressFields resident={false} />
            </Section>
          </StepForm>
        )}
        {step === STEP.third && (
          <StepForm
            title={t(corporation ? 'formation.sections.officers' : 'formation.sections.organizers')}
            onSubmit={(event) => void submit(event)}
            onCancel={back}
            submitLabel={t('formation.actions.submit')}
            submitting={form.formState.isSubmitting}
            focusHeading={navigated}
          >
            <OrganizersFields withPassport />
            <Section legend={t('formation.sections.socialSecurity')}>
              <SocialSecurityFields required={false} />
            </Section>
          </StepForm>
        )}
        {step === STEP.payment && payment && <PaymentStep payment={payment} onPaid={() => goTo(STEP.done)} />}
        {step === STEP.done && <SuccessStep />}
      </FormProvider>
    </WizardFrame>
  );
}
