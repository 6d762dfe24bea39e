import type { BadgeProps } from '@mantine/core';

/**
 * A badge that says a whole sentence (a status in words): never cut short with an ellipsis nor
 * shouted in capitals, wrapping onto a second line in a narrow column instead. The words are the
 * status; its colour only repeats them.
 */
export const WRAPPING_BADGE: Pick<BadgeProps, 'styles'> = {
  styles: {
    root: { height: 'auto', minHeight: 'var(--badge-height)', textTransform: 'none', paddingBlock: 2 },
    label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
  },
};
