import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { ROUTES, isRouteHandle } from '../routes-table';

/** One module for every screen still to be built: the heading comes from the matched route's entry. */
export function ComingSoonRoute() {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
  const title = handle ? t(ROUTES[handle.route].titleKey) : '';
  return <ComingSoon title={title} message={t('app.comingSoon')} />;
}
