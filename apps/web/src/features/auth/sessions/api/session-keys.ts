export const sessionKeys = {
  all: ['sessions'] as const,
  mine: () => [...sessionKeys.all, 'mine'] as const,
};
