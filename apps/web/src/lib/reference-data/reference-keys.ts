import type { QueryClient } from '@tanstack/react-query';

/**
 * Reference data many features show in pickers and filters (STYLE.md habit 8). Each kind has one key
 * root and one stale time, so the admin mutation that changes a kind invalidates it once and every
 * picker that shows it asks again; a copy under a feature's own key would keep showing old options.
 */
export type ReferenceKind = 'services' | 'states' | 'departments' | 'advisors' | 'tags' | 'clients';

/** Which services: every active one or one client's, with or without the (large) list icons. */
export interface ServicesScope {
  clientId: number | null;
  icons?: boolean;
}

/** Where one scope's services are asked for (also by app/early-requests.ts, which has no schemas). */
export function activeServicesRequest({ clientId, icons = false }: ServicesScope) {
  return {
    path: clientId === null ? '/document/services/all' : `/document/clients/${clientId}/services`,
    query: icons ? { includeIcons: true } : undefined,
  };
}

export const referenceKeys = {
  all: ['reference'] as const,
  kind: (kind: ReferenceKind) => [...referenceKeys.all, kind] as const,
  services: ({ clientId, icons = false }: ServicesScope) =>
    [...referenceKeys.kind('services'), clientId ?? 'all', icons ? 'icons' : 'plain'] as const,
  states: () => referenceKeys.kind('states'),
  departments: () => referenceKeys.kind('departments'),
  advisors: () => referenceKeys.kind('advisors'),
  /** The document pickers' tag groups, each with its active tags. */
  tagGroups: () => [...referenceKeys.kind('tags'), 'groups'] as const,
  tagGroupOptions: () => [...referenceKeys.kind('tags'), 'group-options'] as const,
  serviceTags: (serviceId: number) => [...referenceKeys.kind('tags'), 'service', serviceId] as const,
  clients: (text: string) => [...referenceKeys.kind('clients'), text] as const,
};

/**
 * How long each kind is trusted without asking. States change only with a migration; the others
 * change on administration screens, whose mutations invalidate them here, so the time only bounds
 * how long another person's edit takes to show.
 */
export const REFERENCE_STALE_TIME: Record<ReferenceKind, number> = {
  services: 5 * 60_000,
  states: Number.POSITIVE_INFINITY,
  departments: 5 * 60_000,
  advisors: 60_000,
  tags: 5 * 60_000,
  clients: 30_000,
};

/** What an admin mutation calls after it changed one or more kinds. */
export function invalidateReferenceData(queryClient: QueryClient, ...kinds: ReferenceKind[]) {
  return Promise.all(kinds.map((kind) => queryClient.invalidateQueries({ queryKey: referenceKeys.kind(kind) })));
}
