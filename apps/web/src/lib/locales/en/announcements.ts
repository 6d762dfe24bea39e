/** Texts of the announcements screen (issue 7). */
export const announcements = {
  title: 'announcements',
} as const;
