/** Texts of the clients list, create-client and details panel. */
export const clients = {} as const;
