/** The upload dialog and the tag picker it shares with the edit dialog (spec 02 sections 3-5). */
export const documentUpload = {
  title: 'Upload documents',
} as const;
