import { leadBillingInfoInputSchema, type LeadBillingInfoInput, type StaleVersionDetails } from '@ledgerport/shared';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDigits } from '@/lib/digits-mask';
import { staleVersionOf } from '@/lib/conflicts';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { myLeadKey, useMyLead } from '../api/get-my-lead';
import { useUpdateBillingInfo } from '../api/update-billing-info';
import { StaleVersionAlert } from '@/components/ui/stale-version-alert';

/** Spec 01 section 9: a routing number is nine digits. */
const ROUTING_MASK = '#########';
const ACCOUNT_NUMBER_MAX = 17;

/** Step 1 of the dialog: the company's bank (spec 01 section 5, billing info). */
export function BillingInfoStep({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateBillingInfo();
  const myLead = useMyLead({ enabled: true });
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<StaleVersionDetails | null>(null);
  const resolver = useMemo(
    () =>
      formResolver(leadBillingInfoInputSchema, t, {
        companyBankRoutingNumber: t('leads.onboarding.billing.routingFormat'),
        companyBankAccountingNumber: t('leads.onboarding.billing.accountFormat'),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<LeadBillingInfoInput>({
    resolver,
    defaultValues: { companyBankName: '', companyBankRoutingNumber: '', companyBankAccountingNumber: '' },
  });

  const submit = async (values: LeadBillingInfoInput) => {
    try {
      await save.mutateAsync({ input: values, version: myLead.data?.version });
      onSaved();
    } catch (error) {
      const details = staleVersionOf(error);
      if (details) {
        // The numbers are never read back, so there is nothing to merge: the person picks one.
        await queryClient.invalidateQueries({ queryKey: myLeadKey });
        setConflict(details);
        return;
      }
      notify.error(t('leads.onboarding.messages.billingError'), { key: 'lead-onboarding' });
    }
  };
  const onSubmit = handleSubmit(submit);

  const routing = register('companyBankRoutingNumber');
  const account = register('companyBankAccountingNumber');
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack>
        {conflict && (
          <StaleVersionAlert
            details={conflict}
            texts={{
              title: t('leads.onboarding.billing.conflictTitle'),
              kept: t('leads.onboarding.billing.conflictKept'),
              takeTheirs: t('leads.onboarding.billing.keepSaved'),
              overwrite: t('leads.onboarding.billing.saveMine'),
            }}
            busy={save.isPending}
            onTakeTheirs={onSaved}
            onOverwrite={() => void handleSubmit(submit)()}
          />
        )}
        <TextInput
          {...register('companyBankName')}
          label={t('leads.onboarding.billing.bankName')}
          required
          error={errors.companyBankName?.message}
          data-autofocus
        />
        <TextInput
          {...routing}
          onChange={(event) =>
            setValue('companyBankRoutingNumber', formatDigits(event.currentTarget.value, ROUTING_MASK))
          }
          label={t('leads.onboarding.billing.routingNumber')}
          placeholder={ROUTING_MASK}
          inputMode="numeric"
          autoComplete="off"
          required
          error={errors.companyBankRoutingNumber?.message}
        />
        <TextInput
          {...account}
          // Typing is limited to digits (spec 01 section 5).
          onChange={(event) =>
            setValue(
              'companyBankAccountingNumber',
              event.currentTarget.value.replace(/\D/g, '').slice(0, ACCOUNT_NUMBER_MAX),
            )
          }
          label={t('leads.onboarding.billing.accountNumber')}
          inputMode="numeric"
          autoComplete="off"
          required
          error={errors.companyBankAccountingNumber?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('leads.onboarding.actions.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
