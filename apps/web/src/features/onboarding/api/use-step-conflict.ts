import type { PublicLeadDto } from '@ledgerport/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { ConflictTexts } from '@/components/ui/stale-version-alert';
import { staleVersionOf, useSaveConflict } from '@/lib/conflicts';
import { leadQueryOptions } from './get-lead';
import { onboardingKeys } from './onboarding-keys';

/**
 * A wizard step's side of conditional saves (issue 21): the step saves with the version of the lead
 * it showed; when another window of the same application saved a step since (412), the latest lead
 * is loaded (with its plans and contract) and `conflict` says what it changed, while what was entered
 * here stays. `valuesOf` reads the step's values from a lead, to compare.
 */
export function useStepConflict<V extends object>(
  /** Absent before the lead exists (step 1 creates it: nothing to conflict with). */
  lead: PublicLeadDto | undefined,
  valuesOf: (lead: PublicLeadDto) => V,
) {
  const queryClient = useQueryClient();
  const [loaded] = useState(() => (lead ? valuesOf(lead) : ({} as V)));
  const conflicts = useSaveConflict<V>(lead?.version, loaded, (values) => values);
  const idHash = lead?.idHash ?? '';
  const latest = async () => {
    const key = onboardingKeys.lead(idHash);
    // Everything under the lead (its plans, its contract) is read again, not only the lead.
    await queryClient.invalidateQueries({ queryKey: key });
    const fresh =
      queryClient.getQueryData<PublicLeadDto>(key) ?? (await queryClient.fetchQuery(leadQueryOptions(idHash)));
    return { values: valuesOf(fresh), version: fresh.version };
  };
  return {
    ...conflicts,
    /** For a save's catch: true when it was a 412 (the conflict then shows), false for any other error. */
    catchStale: (error: unknown) => conflicts.catchStale(error, latest),
  };
}

/** The conflict alert's words in the wizard: the other window is the prospect's own. */
export function wizardConflictTexts(t: TFunction, overrides: Partial<ConflictTexts> = {}): ConflictTexts {
  return {
    title: t('onboarding.conflict.title'),
    kept: t('onboarding.conflict.kept'),
    takeTheirs: t('onboarding.conflict.takeTheirs'),
    overwrite: t('onboarding.conflict.overwrite'),
    ...overrides,
  };
}

/**
 * For a step whose own values the lead does not hold (the contract, the account): after a 412 the
 * latest lead, plans and contract are loaded, so the step shows them and its next save carries their
 * version; `reloaded` says so to the person.
 */
export function useReloadAfterConflict(idHash: string) {
  const queryClient = useQueryClient();
  const [reloaded, setReloaded] = useState(false);
  return {
    reloaded,
    async catchStale(error: unknown): Promise<boolean> {
      if (!staleVersionOf(error)) return false;
      await queryClient.invalidateQueries({ queryKey: onboardingKeys.lead(idHash) });
      setReloaded(true);
      return true;
    },
  };
}
