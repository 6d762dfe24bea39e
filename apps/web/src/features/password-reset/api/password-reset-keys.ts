export const passwordResetKeys = {
  all: ['password-reset'] as const,
  tokenUsable: (userId: number, token: string) => [...passwordResetKeys.all, 'token-usable', userId, token] as const,
};
