/** Texts of the tags area. */
export const tags = {} as const;
