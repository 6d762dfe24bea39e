/** Reference lists never change while the wizard is open: fetched once per visit. */
export const formationKeys = {
  all: ['formation-reference'] as const,
  counties: (stateId: number) => [...formationKeys.all, 'counties', stateId] as const,
  options: (list: string) => [...formationKeys.all, 'options', list] as const,
};

export const REFERENCE_STALE_TIME = Number.POSITIVE_INFINITY;
