import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';

// Tiptap is heavy: it loads with the first editor a screen shows (DESIGN.md section 7).
const RichTextEditor = lazy(() => import('@/components/ui/rich-text-editor'));

export interface LazyRichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  height?: number;
  /** Named for assistive technology only, where the area around it says what it is (a composer). */
  hideLabel?: boolean;
  required?: boolean;
  /** Code, code blocks and rules in the toolbar (announcements). */
  withCode?: boolean;
}

/**
 * A labelled rich-text field (announcements, requests' descriptions, secure messages): the editor
 * loads on first use, with a loader its height meanwhile, and the error under it is the editor's
 * description.
 */
export function LazyRichTextField({
  label,
  value,
  onChange,
  error,
  height = 120,
  hideLabel = false,
  required = false,
  withCode = false,
}: LazyRichTextFieldProps) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <Stack gap={4}>
      {!hideLabel && (
        // The editor carries the label itself; this one is what the eye reads.
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
            <Loader aria-label={t('app.loading')} />
          </Center>
        }
      >
        <RichTextEditor
          label={label}
          value={value}
          onChange={onChange}
          height={height}
          withCode={withCode}
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
