import { createElement, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { setPostLoginFlag, useSession } from '@/lib/session';
import { useUnconfirmedAnnouncements } from '../api/get-unconfirmed-announcements';
import { ConfirmAnnouncementModal } from '../components/confirm-announcement-modal';

export interface AnnouncementsStep {
  done: boolean;
  /** The confirmation dialog while one is waiting; the layout renders it. */
  dialog: ReactNode;
}

/**
 * Step 2 of the client layout flow (spec 01 sections 2.3 and 4.5): after signing in, a client
 * user's unconfirmed announcements are shown one by one and must be acknowledged; after the last
 * one the post-login flag is cleared and the current-client step follows. Without the flag (a
 * reload later in the session) there is nothing to show.
 *
 * A failed read does not lock the user out: it is reported and the step is skipped until the next
 * sign-in, which asks again.
 */
export function useAnnouncementsStep({ enabled }: { enabled: boolean }): AnnouncementsStep {
  const { t } = useTranslation();
  const { postLoginFlag } = useSession();
  const active = enabled && postLoginFlag;
  const unconfirmed = useUnconfirmedAnnouncements({ enabled: active });
  const [confirmedIds, setConfirmedIds] = useState<readonly number[]>([]);

  const all = unconfirmed.data;
  const remaining = all?.filter((item) => !confirmedIds.includes(item.announcement.id));
  const finished = active && (unconfirmed.isError || remaining?.length === 0);

  useEffect(() => {
    if (finished) setPostLoginFlag(false);
  }, [finished]);

  useEffect(() => {
    if (active && unconfirmed.isError) notify.error(t('errors.fetch'), { key: 'announcements-unconfirmed' });
  }, [active, unconfirmed.isError, t]);

  if (!active || finished) return { done: true, dialog: null };
  const current = remaining?.[0];
  if (!all || !current) return { done: false, dialog: null };
  return {
    done: false,
    dialog: createElement(ConfirmAnnouncementModal, {
      // A fresh dialog (unticked box) for each announcement.
      key: current.announcement.id,
      item: current,
      position: all.indexOf(current) + 1,
      total: all.length,
      onConfirmed: () => setConfirmedIds((ids) => [...ids, current.announcement.id]),
    }),
  };
}
