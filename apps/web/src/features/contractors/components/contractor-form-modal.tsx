import { CONTRACTOR_MAX_TOTAL_PAYMENT, CONTRACTOR_TYPE, type ContractorType } from '@ledgerport/shared';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemoteSelect, type RemoteChoice } from '@/components/ui/remote-select';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { useSaveConflict } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useStates } from '@/lib/reference-data/get-states';
import { toSelectData } from '@/lib/reference-data/select-data';
import { getContractor, useContractor } from '../api/get-contractor';
import { useSaveContractor } from '../api/save-contractor';
import {
  EMPTY_CONTRACTOR_FORM,
  contractorFormResolver,
  contractorName,
  maskEin,
  maskSsnOrItin,
  maskZip,
  toBusinessForm,
  toContractorInput,
  toFormValues,
  toIndividualForm,
  type ContractorFormOutput,
  type ContractorFormValues,
} from '../lib/contractor-form';
import { useBusinessClientOptions } from '../api/get-business-clients';

export type ContractorFormTarget =
  { mode: 'add'; contractorType: ContractorType } | { mode: 'edit'; contractorType: ContractorType; id: number };

const TITLE_KEY = {
  add: { [CONTRACTOR_TYPE.business]: 'addBusinessTitle', [CONTRACTOR_TYPE.individual]: 'addIndividualTitle' },
  edit: { [CONTRACTOR_TYPE.business]: 'editBusinessTitle', [CONTRACTOR_TYPE.individual]: 'editIndividualTitle' },
} as const;

/** Add or edit a business or individual contractor (spec 03 "Contractor form"). Closing discards the form. */
export function ContractorFormModal({
  target,
  withClient,
  onClose,
}: {
  target: ContractorFormTarget | null;
  /** Staff adding a contractor choose its business client. */
  withClient: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = target ? t(`contractors.form.${TITLE_KEY[target.mode][target.contractorType]}`) : '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size={560} centered>
      {target?.mode === 'add' && (
        <ContractorForm
          contractorType={target.contractorType}
          withClient={withClient}
          defaultValues={EMPTY_CONTRACTOR_FORM}
          onDone={onClose}
        />
      )}
      {target?.mode === 'edit' && <EditContractor target={target} onDone={onClose} />}
    </Modal>
  );
}

function EditContractor({
  target,
  onDone,
}: {
  target: Extract<ContractorFormTarget, { mode: 'edit' }>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const contractor = useContractor(target);
  if (contractor.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('contractors.messages.detailsError')}
      </Alert>
    );
  }
  if (!contractor.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  return (
    <ContractorForm
      contractorType={target.contractorType}
      id={target.id}
      version={contractor.data.version}
      withClient={false}
      defaultValues={toFormValues(contractor.data)}
      onDone={onDone}
    />
  );
}

export function ContractorForm({
  contractorType,
  id,
  version: loadedVersion,
  withClient,
  defaultValues,
  onDone,
}: {
  contractorType: ContractorType;
  /** Present when editing. */
  id?: number;
  /** Editing: the version loaded with the contractor, sent as If-Match (a newer one saved meanwhile: 412). */
  version?: string;
  withClient: boolean;
  defaultValues: ContractorFormValues;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveContractor();
  const states = useStates({ select: toSelectData });
  const [client, setClient] = useState<RemoteChoice | null>(null);
  const resolver = useMemo(
    () => contractorFormResolver(contractorType, withClient, t),
    [contractorType, withClient, t],
  );
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContractorFormValues, unknown, ContractorFormOutput>({ resolver, defaultValues });
  const conflicts = useSaveConflict<ContractorFormValues>(
    loadedVersion,
    useState(() => defaultValues)[0],
    (values) => values,
  );

  useEffect(() => {
    if (states.isError) notify.error(t('common.messages.fetchError'), { key: 'contractors-states-fetch' });
  }, [states.isError, t]);

  const isBusiness = contractorType === CONTRACTOR_TYPE.business;
  const editing = id !== undefined;

  const submit = async (values: ContractorFormOutput, version = conflicts.version) => {
    const name = contractorName(contractorType, values);
    try {
      if (!editing) await save.mutateAsync({ kind: 'create', input: toContractorInput(contractorType, values) });
      else if (isBusiness)
        await save.mutateAsync({
          kind: 'edit',
          id,
          contractorType: CONTRACTOR_TYPE.business,
          form: toBusinessForm(values),
          version,
        });
      else
        await save.mutateAsync({
          kind: 'edit',
          id,
          contractorType: CONTRACTOR_TYPE.individual,
          form: toIndividualForm(values),
          version,
        });
      notify.success(t(editing ? 'contractors.messages.updated' : 'contractors.messages.created', { name }), {
        key: 'contractor-saved',
      });
      onDone();
    } catch (error) {
      // Saved by someone else since this form loaded: what was typed stays, and the alert offers both ways on.
      const latest = async () => {
        const saved = await getContractor(contractorType, id!);
        return { values: toFormValues(saved), version: saved.version };
      };
      if (editing && (await conflicts.catchStale(error, latest))) return;
      notify.error(t(editing ? 'contractors.messages.updateError' : 'contractors.messages.createError'), {
        key: 'contractor-save-failed',
      });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit((values) => submit(values))(event)} noValidate>
      <Stack gap="sm">
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            businessName: t('contractors.form.businessName'),
            employerIdentificationNumber: t('contractors.form.employerIdentificationNumber'),
            firstName: t('contractors.form.firstName'),
            lastName: t('contractors.form.lastName'),
            socialSecurityNumberOrTaxpayerIdentificationNumber: t(
              'contractors.form.socialSecurityNumberOrTaxpayerIdentificationNumber',
            ),
            addressLine1: t('contractors.form.addressLine1'),
            addressLine2: t('contractors.form.addressLine2'),
            city: t('contractors.form.city'),
            stateId: t('contractors.form.state'),
            zipCode: t('contractors.form.zipCode'),
            totalPayment: t('contractors.form.totalPayment'),
          }}
          busy={isSubmitting}
          onOverwrite={() => void handleSubmit((values) => submit(values, conflicts.overwriteVersion()))()}
        />
        {withClient && (
          <Controller
            control={control}
            name="clientId"
            render={({ field }) => (
              <RemoteSelect
                label={t('contractors.form.client')}
                useOptions={useBusinessClientOptions}
                nothingFoundText={t('contractors.search.nothingFound')}
                required
                value={client}
                onChange={(choice) => {
                  setClient(choice);
                  field.onChange(choice?.value ?? '');
                }}
                onBlur={field.onBlur}
                error={errors.clientId?.message}
              />
            )}
          />
        )}
        {isBusiness ? (
          <>
            <TextInput
              label={t('contractors.form.businessName')}
              required
              data-autofocus
              error={errors.businessName?.message}
              {...register('businessName')}
            />
            <Controller
              control={control}
              name="employerIdentificationNumber"
              render={({ field }) => (
                <TextInput
                  label={t('contractors.form.employerIdentificationNumber')}
                  required
                  placeholder="##-#######"
                  inputMode="numeric"
                  autoComplete="off"
                  value={field.value}
                  onChange={(event) => field.onChange(maskEin(event.currentTarget.value))}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors.employerIdentificationNumber?.message}
                />
              )}
            />
          </>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('contractors.form.firstName')}
                required
                data-autofocus
                error={errors.firstName?.message}
                {...register('firstName')}
              />
              <TextInput
                label={t('contractors.form.lastName')}
                required
                error={errors.lastName?.message}
                {...register('lastName')}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="socialSecurityNumberOrTaxpayerIdentificationNumber"
              render={({ field }) => (
                <TextInput
                  label={t('contractors.form.socialSecurityNumberOrTaxpayerIdentificationNumber')}
                  required
                  placeholder="###-##-####"
                  inputMode="numeric"
                  autoComplete="off"
                  value={field.value}
                  onChange={(event) => field.onChange(maskSsnOrItin(event.currentTarget.value))}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors.socialSecurityNumberOrTaxpayerIdentificationNumber?.message}
                />
              )}
            />
          </>
        )}
        <TextInput
          label={t('contractors.form.addressLine1')}
          required
          error={errors.addressLine1?.message}
          {...register('addressLine1')}
        />
        <TextInput
          label={t('contractors.form.addressLine2')}
          error={errors.addressLine2?.message}
          {...register('addressLine2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('contractors.form.city')} required error={errors.city?.message} {...register('city')} />
          <Controller
            control={control}
            name="stateId"
            render={({ field }) => (
              <Select
                label={t('contractors.form.state')}
                required
                searchable
                data={states.data ?? []}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.stateId?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="zipCode"
            render={({ field }) => (
              <TextInput
                label={t('contractors.form.zipCode')}
                required
                placeholder="#####"
                inputMode="numeric"
                autoComplete="postal-code"
                value={field.value}
                onChange={(event) => field.onChange(maskZip(event.currentTarget.value))}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={errors.zipCode?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="totalPayment"
          render={({ field }) => (
            <NumberInput
              label={t('contractors.form.totalPayment')}
              required
              prefix="$"
              thousandSeparator=","
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              max={CONTRACTOR_MAX_TOTAL_PAYMENT}
              clampBehavior="none"
              hideControls
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={errors.totalPayment?.message}
            />
          )}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {editing ? t('contractors.form.save') : t('contractors.form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
