import { createTheme } from '@mantine/core';

/** Calm and plain: one primary colour, system fonts (nothing to download before the first paint). */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // Spec 01 section 9: modals are at most 600 px wide unless a screen says otherwise.
    Modal: { defaultProps: { size: 600 } },
  },
});
