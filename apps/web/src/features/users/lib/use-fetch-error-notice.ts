import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';

/**
 * Spec 01 section 8: a failed dropdown load shows the generic "Couldn't fetch data." once (keyed, so
 * several failing lists give one message), while the rest of the form stays usable.
 */
export function useFetchErrorNotice(failed: boolean) {
  const { t } = useTranslation();
  useEffect(() => {
    if (failed) notify.error(t('common.messages.fetchError'), { key: 'users-options-fetch' });
  }, [failed, t]);
}
