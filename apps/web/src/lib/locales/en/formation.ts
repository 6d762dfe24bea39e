/** Texts of the formation area. */
export const formation = {
  title: 'formation',
} as const;
