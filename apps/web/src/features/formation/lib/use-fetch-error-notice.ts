import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';

/** Spec 03 section 8: any failed list fetch shows the generic message (once, however many failed). */
export function useFetchErrorNotice(...failed: boolean[]) {
  const { t } = useTranslation();
  const anyFailed = failed.some(Boolean);
  useEffect(() => {
    if (anyFailed) notify.error(t('common.messages.fetchError'), { key: 'formation-fetch-error' });
  }, [anyFailed, t]);
}
