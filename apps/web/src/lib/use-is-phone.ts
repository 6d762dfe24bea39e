import { em, px, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the window is narrower than Mantine's `sm` breakpoint (a phone held upright, 390 px): lists
 * become cards and steppers stand vertical there. Asked as a max-width query, so where media queries
 * match nothing (the unit tests' matchMedia stub) the desktop layout shows; read during the first
 * render, so a phone never paints the desktop layout first.
 */
export function useIsPhone(): boolean {
  const theme = useMantineTheme();
  const below = em(Number(px(theme.breakpoints.sm)) - 0.1);
  return useMediaQuery(`(max-width: ${below})`, undefined, { getInitialValueInEffect: false }) ?? false;
}
