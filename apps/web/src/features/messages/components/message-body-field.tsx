import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';

// Tiptap is heavy: it loads with the first editor a screen shows (DESIGN.md section 7).
const RichTextField = lazy(() => import('@/components/ui/rich-text-editor'));

/** The message's rich text (the announcements' editor), with its visible label and its error. */
export function MessageBodyField({
  label,
  value,
  onChange,
  error,
  height = 120,
  hideLabel = false,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  height?: number;
  /** The composer names the editor without a visible label (the area says what it is). */
  hideLabel?: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <Stack gap={4}>
      {!hideLabel && (
        <Text size="sm" fw={500} aria-hidden>
          {label}
          {required && (
            <Text span c="red">
              {' *'}
            </Text>
          )}
        </Text>
      )}
      <Suspense
        fallback={
          <Center h={height}>
            <Loader aria-label={t('messages.start.loadingEditor')} />
          </Center>
        }
      >
        <RichTextField
          label={label}
          value={value}
          onChange={onChange}
          height={height}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
      </Suspense>
      {error && (
        <Text size="xs" c="red" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
