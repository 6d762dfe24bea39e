/** Texts of the users area. */
export const users = {} as const;
