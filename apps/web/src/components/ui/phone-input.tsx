import { InputBase, type InputBaseProps } from '@mantine/core';
import { forwardRef, type FocusEventHandler } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { IMaskInput } from 'react-imask';

/** What the user sees while typing a US number; `0` is a digit. */
export const PHONE_MASK = '(000) 000-0000';
/** A number abroad: + and its country code, 15 digits at most (E.164). */
const INTERNATIONAL_MASK = '+00000000[0000000]';
const MASKS = [{ mask: PHONE_MASK }, { mask: INTERNATIONAL_MASK }];

export interface PhoneInputProps extends Omit<InputBaseProps, 'value' | 'onChange'> {
  /** The number as stored ("5552223333", "+81355550100") or as typed so far. */
  value: string | null | undefined;
  onChange: (typed: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  name?: string;
  placeholder?: string;
  autoComplete?: string;
}

/**
 * The one phone field of the app (DESIGN section 7: react-imask for masks): a US number types and
 * pastes through "(555) 222-3333"; one that starts with + is a number abroad. The shared contract
 * normalises what the field holds (10 digits, or E.164 abroad), so every client stores one form.
 */
export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(function PhoneInput(
  { value, onChange, onBlur, name, placeholder = PHONE_MASK, autoComplete = 'tel', ...props },
  ref,
) {
  // A stored US number ("5552223333", or "+15552223333" from before) shows in the US mask.
  const shown = (() => {
    const text = value ?? '';
    const digits = text.replace(/\D/g, '');
    if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
    return text;
  })();
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      mask={MASKS}
      // A pasted "+1 (555) 222-3333" (or "15552223333") into an empty field is a US number: its
      // country code is dropped rather than shifting every digit one place.
      prepare={(chars: string, masked: { value: string }) => {
        const digits = chars.replace(/\D/g, '');
        return masked.value === '' && digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : chars;
      }}
      value={shown}
      onAccept={(typed: string) => {
        if (typed !== shown) onChange(typed);
      }}
      onBlur={onBlur}
      name={name}
      placeholder={placeholder}
      autoComplete={autoComplete}
      type="tel"
      inputRef={ref}
    />
  );
});

/** `PhoneInput` bound to a react-hook-form field: the form holds the digits. */
export function PhoneField<V extends FieldValues, C = unknown, O = V>({
  control,
  name,
  ...props
}: Omit<PhoneInputProps, 'value' | 'onChange' | 'onBlur' | 'name'> & { control: Control<V, C, O>; name: Path<V> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PhoneInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value as string | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
