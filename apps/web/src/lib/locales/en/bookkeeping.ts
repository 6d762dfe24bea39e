/** Texts of the bookkeeping screen (issue 7). */
export const bookkeeping = {
  title: 'bookkeeping',
} as const;
