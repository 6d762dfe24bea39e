export const homeKeys = {
  all: ['home'] as const,
  documentCounts: () => [...homeKeys.all, 'document-counts'] as const,
};
