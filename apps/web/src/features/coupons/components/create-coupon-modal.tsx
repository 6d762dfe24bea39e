import {
  COUPON_LIMITS,
  COUPON_VALIDATION,
  DEFAULT_DISCOUNT_TYPE,
  DISCOUNT_TYPE,
  couponCodeSchema,
  createCouponInputSchema,
  type CreateCouponInput,
} from '@ledgerport/shared';
import { Button, CloseButton, Group, Modal, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { checkCouponCodeAvailability } from '../api/check-coupon-code';
import { useCreateCoupon } from '../api/create-coupon';

/** The date input's own format, which also compares in calendar order as text. */
const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * The form's view of the contract: the radio holds the type as text, the number input is empty until
 * typed, and the expiration is a calendar day (sent as the end of that day in the user's time zone, so
 * today is a valid choice and the API's "not earlier than now" holds).
 */
const couponFormSchema = z
  .object({
    title: createCouponInputSchema.shape.title,
    code: couponCodeSchema,
    discountType: z.enum([String(DISCOUNT_TYPE.percentage), String(DISCOUNT_TYPE.fixed)]),
    discountValue: z.number().int().min(0).max(COUPON_LIMITS.maxDiscountValue),
    expirationDate: z
      .string()
      .trim()
      .min(1)
      .refine((day) => day >= dayjs().format(DAY_FORMAT), { message: COUPON_VALIDATION.expirationInPast }),
  })
  .superRefine((values, context) => {
    if (
      Number(values.discountType) === DISCOUNT_TYPE.percentage &&
      values.discountValue > COUPON_LIMITS.maxPercentage
    ) {
      context.addIssue({ code: 'custom', path: ['discountValue'], message: COUPON_VALIDATION.percentageOver100 });
    }
  });

type CouponFormInput = z.input<typeof couponFormSchema>;
type CouponFormOutput = z.output<typeof couponFormSchema>;
interface CouponFormValues extends Omit<CouponFormInput, 'discountValue'> {
  discountValue: number | string;
}

function toInput(values: CouponFormOutput): CreateCouponInput {
  return createCouponInputSchema.parse({
    title: values.title,
    code: values.code,
    discountType: Number(values.discountType),
    discountValue: values.discountValue,
    expirationDate: dayjs(values.expirationDate, DAY_FORMAT).endOf('day').toISOString(),
  });
}

/** Create coupon (spec 02 Coupons, sections 5 and 8). Closing the modal discards the form. */
export function CreateCouponModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('coupons.form.title')} size={480} centered>
      {opened && <CreateCouponForm onDone={onClose} />}
    </Modal>
  );
}

export function CreateCouponForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCoupon();
  const resolver = useMemo(
    () =>
      formResolver<typeof couponFormSchema, CouponFormValues>(
        couponFormSchema,
        t,
        {},
        {
          [COUPON_VALIDATION.codeCharacters]: t('coupons.validation.codeCharacters'),
          [COUPON_VALIDATION.percentageOver100]: t('coupons.validation.percentageOver100'),
          [COUPON_VALIDATION.expirationInPast]: t('coupons.validation.expirationInPast'),
        },
      ),
    [t],
  );
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormValues, unknown, CouponFormOutput>({
    // The number input holds '' until something is typed, which the schema answers with "required".
    resolver,
    defaultValues: {
      title: '',
      code: '',
      discountType: String(DEFAULT_DISCOUNT_TYPE) as CouponFormValues['discountType'],
      discountValue: '',
      expirationDate: '',
    },
  });

  /** The taken message for a well-formed code nobody may reuse, or null (also when the check cannot run). */
  const takenMessage = async (raw: string): Promise<string | null> => {
    const parsed = couponCodeSchema.safeParse(raw);
    if (!parsed.success) return null;
    try {
      return (await checkCouponCodeAvailability(parsed.data))
        ? null
        : t('coupons.messages.codeTaken', { code: parsed.data });
    } catch {
      // A courtesy check: saving still meets the server's own 409.
      return null;
    }
  };

  const checkCode = async (): Promise<boolean> => {
    const value = getValues('code');
    const message = await takenMessage(value);
    if (getValues('code') !== value) return false; // the user typed on while the answer travelled
    if (message) setError('code', { type: 'taken', message });
    else if (errors.code?.type === 'taken') clearErrors('code');
    return message !== null;
  };

  const save = async (values: CouponFormOutput) => {
    const input = toInput(values);
    try {
      const created = await create.mutateAsync(input);
      notify.success(t('coupons.messages.created', { title: created.title }), { key: 'coupon-created' });
      onDone();
    } catch (error) {
      if (isApiError(error, 409)) {
        setError('code', { type: 'taken', message: t('coupons.messages.codeTaken', { code: input.code }) });
        return;
      }
      notify.error(t('coupons.messages.createError'), { key: 'coupon-create-failed' });
    }
  };

  // Availability on submit too (spec 02 section 5), named whatever else is wrong with the form.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const taken = await checkCode();
    await handleSubmit(async (values) => {
      if (!taken) await save(values);
    })();
    if (taken)
      setError('code', { type: 'taken', message: t('coupons.messages.codeTaken', { code: getValues('code').trim() }) });
  };

  const codeField = register('code');
  const today = dayjs().format(DAY_FORMAT);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('coupons.form.couponTitle')}
          required
          data-autofocus
          error={errors.title?.message}
          {...register('title')}
        />
        <TextInput
          label={t('coupons.form.code')}
          required
          error={errors.code?.message}
          {...codeField}
          onBlur={(event) => {
            void codeField.onBlur(event);
            void checkCode();
          }}
        />
        <Controller
          control={control}
          name="discountType"
          render={({ field }) => (
            <Radio.Group
              label={t('coupons.form.discountType')}
              required
              value={field.value}
              onChange={field.onChange}
              error={errors.discountType?.message}
            >
              <Group mt={4}>
                <Radio value={String(DISCOUNT_TYPE.percentage)} label={t('coupons.form.percentage')} />
                <Radio value={String(DISCOUNT_TYPE.fixed)} label={t('coupons.form.fixed')} />
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={control}
          name="discountValue"
          render={({ field }) => (
            <NumberInput
              label={t('coupons.form.discountValue')}
              required
              // Digits only as they are typed (spec 02 section 5): no sign, no decimal point.
              allowNegative={false}
              allowDecimal={false}
              min={0}
              hideControls
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={errors.discountValue?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="expirationDate"
          render={({ field }) => (
            <TextInput
              type="date"
              label={t('coupons.form.expirationDate')}
              required
              min={today}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={errors.expirationDate?.message}
              rightSection={
                field.value ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('coupons.form.clearExpirationDate')}
                    onClick={() => field.onChange('')}
                  />
                ) : null
              }
            />
          )}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('coupons.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
