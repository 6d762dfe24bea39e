/** Texts of the taxPlanning area. */
export const taxPlanning = {
  title: 'taxPlanning',
} as const;
