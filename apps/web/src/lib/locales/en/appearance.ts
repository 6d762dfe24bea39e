/** The colour scheme choice in the user menu (issue 25 item 4). */
export const appearance = {
  label: 'Appearance',
  auto: 'Match system',
  light: 'Light',
  dark: 'Dark',
} as const;
