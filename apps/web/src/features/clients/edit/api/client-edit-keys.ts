/** Query keys of the edit-client screen. */
export const clientEditKeys = {
  all: ['client-edit'] as const,
  client: (clientType: string, id: number) => [...clientEditKeys.all, 'client', clientType, id] as const,
  picture: (id: number, size: number) => [...clientEditKeys.all, 'picture', id, size] as const,
};
