/** Texts of the services area. */
export const services = {} as const;
