import { createTheme } from '@mantine/core';
import { i18n } from './i18n';

/** Calm and plain: one primary colour, system fonts (nothing to download before the first paint). */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  // A person who asked their system for less motion (WCAG 2.3.3) gets dialogs, menus and drawers
  // that appear without animating.
  respectReducedMotion: true,
  components: {
    // Spec 01 section 9: modals are at most 600 px wide unless a screen says otherwise.
    // The close (X) button needs a name screen readers can announce.
    Modal: { defaultProps: { size: 600, closeButtonProps: { 'aria-label': i18n.t('common.actions.close') } } },
  },
});
