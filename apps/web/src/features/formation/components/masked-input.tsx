import { TextInput } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatDigits } from '@/lib/digits-mask';

interface MaskedInputProps<V extends FieldValues> {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  mask: string;
  error: string | undefined;
  required?: boolean;
}

/** A digits-only input shaped by a mask (`#####`, `###-##-####`): other characters never get in. */
export function MaskedInput<V extends FieldValues>({
  control,
  name,
  label,
  mask,
  error,
  required,
}: MaskedInputProps<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={label}
          withAsterisk={required}
          placeholder={mask}
          inputMode="numeric"
          autoComplete="off"
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => field.onChange(formatDigits(event.currentTarget.value, mask))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
        />
      )}
    />
  );
}
