/** Texts of the password area. */
export const password = {} as const;
