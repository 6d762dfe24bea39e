export const accountKeys = {
  all: ['accounts'] as const,
  mine: () => [...accountKeys.all, 'mine'] as const,
  owner: () => [...accountKeys.all, 'owner'] as const,
  collaborator: () => [...accountKeys.all, 'collaborator'] as const,
  details: (clientId: number) => [...accountKeys.all, 'details', clientId] as const,
};
