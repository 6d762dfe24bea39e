import { Text, type TextProps } from '@mantine/core';
import { exactTimeOf, relativeTimeOf } from '../lib/time';

/**
 * A moment as "3 hours ago", with the exact date and time on hover. The browser's own title, not a
 * Tooltip: an inbox page holds dozens of these, and the `<time>` carries the machine-readable value.
 */
export function TimeAgo({ value, ...text }: { value: string } & TextProps) {
  return (
    <Text component="time" dateTime={value} title={exactTimeOf(value)} size="sm" c="dimmed" {...text}>
      {relativeTimeOf(value)}
    </Text>
  );
}
