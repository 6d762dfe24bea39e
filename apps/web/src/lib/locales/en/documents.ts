/** My uploads, Received docs, a document, and a shared document (spec 02 sections 2-9). */
export const documents = {
  title: 'Documents',
} as const;
