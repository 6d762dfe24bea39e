export const homeKeys = {
  all: ['home'] as const,
  allServices: () => [...homeKeys.all, 'services'] as const,
  clientServices: (clientId: number) => [...homeKeys.all, 'client-services', clientId] as const,
  documentCounts: () => [...homeKeys.all, 'document-counts'] as const,
  serviceTags: (serviceId: number) => [...homeKeys.all, 'service-tags', serviceId] as const,
};
