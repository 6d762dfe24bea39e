export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  /** Under `me`, so invalidating the profile after a save refreshes every size of the picture too. */
  myPicture: (size: number) => [...profileKeys.me(), 'picture', size] as const,
};
