import {
  BUSINESS_ENTITY_TYPE,
  dollarsToCents,
  residentFormationFees,
  stateFilingFeeCents,
  type BusinessEntityType,
  type VerifiedCoupon,
} from '@ledgerport/shared';
import { Group, Radio } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useOptions } from '../api/get-options';
import { useStates } from '@/lib/reference-data/get-states';
import { newIdempotencyKey, postFormation } from '../api/post-formation';
import { residentDefaults, residentInput, residentStepSchemas, type ResidentValues } from '../lib/formation-form';
import { useFetchErrorNotice } from '../lib/use-fetch-error-notice';
import { STEP, useFormationWizard, type WizardRules } from '../lib/use-formation-wizard';
import { BusinessAddressFields } from './business-address-fields';
import { CompanyFields } from './company-fields';
import { ContactFields } from './contact-fields';
import { CouponEntry } from './coupon-entry';
import { ResidentOrderSummary } from './order-summary';
import { OrganizersFields } from './organizers-fields';
import { PaymentStep, type PendingPayment } from './payment-step';
import { RegisteredAgentFields } from './registered-agent-fields';
import { Section } from './section';
import { SocialSecurityFields } from './social-security-fields';
import { StepForm } from './step-form';
import { SuccessStep } from './success-step';
import { WizardFrame } from './wizard-frame';

const SUBMIT_NOTICE_KEY = 'formation-submit';

const RULES: WizardRules<ResidentValues> = {
  stepSchemas: residentStepSchemas,
  // The coupon is not the form's: it joins the payload only on submit.
  toInput: (values) => residentInput(values, null),
};

/** Resident company formation (spec 03 "Resident formation wizard", sections 4, 5, 8 and 9). */
export function ResidentWizard() {
  const { t } = useTranslation();
  const { form, step, goTo, navigated } = useFormationWizard(RULES, residentDefaults());
  const [coupon, setCoupon] = useState<VerifiedCoupon | null>(null);
  const [payment, setPayment] = useState<PendingPayment | null>(null);

  // Every list is asked for on arrival, so later steps open without waiting.
  const states = useStates();
  const industries = useOptions('industries');
  const entityTypes = useOptions('business-entity-types');
  const agentTypes = useOptions('registered-agent-types');
  const titles = useOptions('organizer-titles');
  const managementStructures = useOptions('management-structures');
  useFetchErrorNotice(
    states.isError,
    industries.isError,
    entityTypes.isError,
    agentTypes.isError,
    titles.isError,
    managementStructures.isError,
  );
  // Territories have no resident filing fee: the firm does not form companies there.
  const formable = useMemo(
    () =>
      (states.data ?? []).filter(
        (state) => state.llcFilingFeeForResidents !== null || state.corporationFilingFeeForResidents !== null,
      ),
    [states.data],
  );

  const stateId = form.watch('stateId');
  const businessEntityType = Number(form.watch('businessEntityType')) as BusinessEntityType;
  const corporation = businessEntityType === BUSINESS_ENTITY_TYPE.corporation;
  const state = formable.find((item) => String(item.id) === stateId) ?? null;

  const next = form.handleSubmit(() => goTo(step + 1));
  const back = () => goTo(step - 1);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await postFormation(
        '/company/companies/resident',
        residentInput(values, coupon?.code ?? null),
        newIdempotencyKey(),
      );
      const filingFee = state ? stateFilingFeeCents(state, businessEntityType) : null;
      setPayment({
        clientSecret: answer.stripePaymentClientSecret,
        amountCents:
          answer.paymentAmount !== undefined
            ? dollarsToCents(answer.paymentAmount)
            : residentFormationFees(filingFee ?? 0, coupon).totalCents,
      });
      goTo(STEP.payment);
    } catch {
      notify.error(t('formation.messages.submitError'), { key: SUBMIT_NOTICE_KEY });
    }
  });

  const sidebar = (
    <ResidentOrderSummary state={state} businessEntityType={businessEntityType} coupon={coupon}>
      {step !== STEP.done && <CouponEntry coupon={coupon} onChange={setCoupon} locked={step >= STEP.payment} />}
    </ResidentOrderSummary>
  );

  const steps = [
    { label: t('formation.steps.company'), description: t('formation.steps.companyDescription') },
    { label: t('formation.steps.agent'), description: t('formation.steps.agentDescription') },
    {
      label: t(corporation ? 'formation.sections.officers' : 'formation.steps.organizers'),
      description: t('formation.steps.organizersDescription'),
    },
    { label: t('formation.steps.payment'), description: t('formation.steps.paymentDescription') },
    { label: t('formation.steps.done'), description: t('formation.steps.doneDescription') },
  ];

  return (
    <WizardFrame title={t('pages.companyFormationResident')} steps={steps} active={step} sidebar={sidebar}>
      <FormProvider {...form}>
        {step === STEP.first && (
          <StepForm
            title={t('formation.sections.company')}
            onSubmit={(event) => void next(event)}
            submitLabel={t('formation.actions.next')}
            focusHeading={navigated}
          >
            <CompanyFields states={formable} onStateChange={() => form.setValue('registeredAgent.countyId', null)} />
            <Section legend={t('formation.sections.contact')}>
              <ContactFields />
            </Section>
          </StepForm>
        )}
        {step === STEP.second && (
          <StepForm
            title={t('formation.sections.registeredAgent')}
            onSubmit={(event) => void next(event)}
            onCancel={back}
            submitLabel={t('formation.actions.next')}
            focusHeading={navigated}
          >
            <RegisteredAgentFields />
            <Section legend={t('formation.sections.businessAddress')}>
              <BusinessAddressFields resident />
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
            {!corporation && (
              <Controller
                control={form.control}
                name="managementStructure"
                render={({ field, fieldState }) => (
                  <Radio.Group
                    label={t('formation.fields.managementStructure')}
                    withAsterisk
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  >
                    <Group mt="xs">
                      {(managementStructures.data ?? []).map((option) => (
                        <Radio key={option.value} value={option.value} label={option.displayText} />
                      ))}
                    </Group>
                  </Radio.Group>
                )}
              />
            )}
            <OrganizersFields withPassport={false} />
            <Section legend={t('formation.sections.socialSecurity')}>
              <SocialSecurityFields required />
            </Section>
          </StepForm>
        )}
        {step === STEP.payment && payment && <PaymentStep payment={payment} onPaid={() => goTo(STEP.done)} />}
        {step === STEP.done && <SuccessStep />}
      </FormProvider>
    </WizardFrame>
  );
}
