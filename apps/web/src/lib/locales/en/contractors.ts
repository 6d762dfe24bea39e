/** Texts of the 1099 Form (contractors) screen. */
export const contractors = {
  title: 'contractors',
} as const;
