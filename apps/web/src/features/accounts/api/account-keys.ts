export const accountKeys = {
  all: ['accounts'] as const,
  mine: () => [...accountKeys.all, 'mine'] as const,
};
