import { Text, Tooltip, type TextProps } from '@mantine/core';
import { exactTimeOf, relativeTimeOf } from '../lib/time';

/** A moment as "3 hours ago", with the exact date and time on hover and for assistive technology. */
export function TimeAgo({ value, ...text }: { value: string } & TextProps) {
  const exact = exactTimeOf(value);
  return (
    <Tooltip label={exact} withArrow openDelay={300}>
      <Text component="time" dateTime={value} title={exact} size="sm" c="dimmed" {...text}>
        {relativeTimeOf(value)}
      </Text>
    </Tooltip>
  );
}
