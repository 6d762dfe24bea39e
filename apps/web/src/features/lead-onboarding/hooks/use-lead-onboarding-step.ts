import { LEAD_STATUS } from '@ledgerport/shared';
import { createElement, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getSession, readStoredAccessToken, startSession, useSession } from '@/lib/session';
import { useMyLead } from '../api/get-my-lead';

/** The dialog (two forms, a file picker) loads only for the few who still have to finish. */
const LeadOnboardingDialog = lazy(() =>
  import('../components/lead-onboarding-dialog').then((m) => ({ default: m.LeadOnboardingDialog })),
);

export interface LeadOnboardingStep {
  done: boolean;
  /** The two-step dialog while it is needed; the layout renders it. */
  dialog: ReactNode;
}

/** Stores that this user's onboarding is complete, so later page loads skip the lead check. */
function markOnboardingComplete() {
  const { user, permissions } = getSession();
  const accessToken = readStoredAccessToken();
  if (!user || !accessToken || user.isLeadOnboardingCompleted) return;
  startSession({ accessToken, user: { ...user, isLeadOnboardingCompleted: true }, permissions });
}

/**
 * Step 1 of the client layout flow (spec 01 sections 2.3 and 4.4): a client signed up through the
 * onboarding wizard whose lead is not complete finishes it in a two-step dialog before anything
 * else. The lead's status picks the step: create account → billing info, billing info → documents,
 * completed → nothing left (onboarding marked complete).
 *
 * A failed read does not lock the user out of the page: it is reported and the step is skipped; the
 * API still refuses what an incomplete onboarding may not do.
 */
export function useLeadOnboardingStep({ enabled }: { enabled: boolean }): LeadOnboardingStep {
  const { t } = useTranslation();
  const { user } = useSession();
  const needed = enabled && user !== null && !user.isLeadOnboardingCompleted && user.leadIdHash !== null;
  const myLead = useMyLead({ enabled: needed });
  const status = myLead.data?.status.id;
  const completed = status === LEAD_STATUS.completed || myLead.data?.isLeadOnboardingCompleted === true;

  useEffect(() => {
    if (needed && completed) markOnboardingComplete();
  }, [needed, completed]);

  useEffect(() => {
    if (needed && myLead.isError && !isApiError(myLead.error, 404))
      notify.error(t('errors.fetch'), { key: 'lead-onboarding-load' });
  }, [needed, myLead.isError, myLead.error, t]);

  if (!needed || myLead.isError || completed) return { done: true, dialog: null };
  if (status === undefined) return { done: false, dialog: null };
  if (status !== LEAD_STATUS.createAccount && status !== LEAD_STATUS.billingInfo) return { done: true, dialog: null };
  return {
    done: false,
    dialog: createElement(
      Suspense,
      { fallback: null },
      createElement(LeadOnboardingDialog, {
        initialStep: status === LEAD_STATUS.createAccount ? 'billing' : 'documents',
        onCompleted: () => {
          notify.success(t('leads.onboarding.messages.completed'), { key: 'lead-onboarding' });
          markOnboardingComplete();
        },
      }),
    ),
  };
}
