import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { PageTitle } from '@/components/ui/page-title';
import { BookkeepingCard } from '@/features/bookkeeping/components/bookkeeping-card';
import { AppointmentLinks } from '@/features/home/components/appointment-links';
import { DocumentCards } from '@/features/home/components/document-cards';
import { ServiceTags } from '@/features/home/components/service-tags';
import { ServicesGrid } from '@/features/home/components/services-grid';
import { documentCountsQueryOptions } from '@/features/home/api/get-document-counts';
import {
  connectionsNeedingActionQueryOptions,
  useConnectionsNeedingAction,
} from '@/features/reconciliation/api/get-connections-needing-action';
import { ConnectionsNeedingActionCard } from '@/features/reconciliation/components/connections-needing-action';
import { ToDoCard } from '@/features/requests/to-dos/to-do-card';
import { useAuthorization } from '@/lib/authorization';
import { queryClient } from '@/lib/query-client';
import { activeServicesQueryOptions, useActiveServices } from '@/lib/reference-data/get-active-services';
import { getSession, useSession } from '@/lib/session';
import { HOME_SERVICES_SCOPE, homeRequests } from '../../early-requests';
import { href, routeDefinition } from '../../routes-table';

const homeHref = href('Dashboard');
const serviceHref = (serviceId: number) => href('Dashboard', null, { service: serviceId });

/**
 * The route's loader (app/router.tsx): for staff, asks for what Home shows as soon as its code is
 * here, beside the layout's own first requests, instead of once the layout has let it render (after
 * the two-factor check). It waits for nothing; the screen reads the same queries. A client user's
 * lists depend on the account chosen in the layout, so theirs are left to the screen.
 */
export function prefetchDashboard(): null {
  const home = homeRequests(getSession());
  if (home?.services) void queryClient.prefetchQuery(activeServicesQueryOptions(HOME_SERVICES_SCOPE));
  if (home?.counts) void queryClient.prefetchQuery(documentCountsQueryOptions());
  if (home?.connections) void queryClient.prefetchQuery(connectionsNeedingActionQueryOptions());
  return null;
}

/**
 * Spec 01 section 2.10. Without `?service`: for client users the To do card first (issue 20), then
 * the document cards, the Services grid and, for client users, the appointment links; for staff
 * allowed the firm's bank connections, the note of those needing action at the end (issue 24). With
 * `?service={id}`: that service's tag cards, each opening Received docs filtered by service and tag;
 * a service the user does not have goes back to Home.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { isClient, can, allows } = useAuthorization();
  const { currentClient } = useSession();
  // The layout shows a client user's screen only once a current client is chosen.
  const services = useActiveServices({ clientId: isClient ? (currentClient?.id ?? null) : null, icons: true });
  const serviceParam = searchParams.get('service');
  const showConnections = !isClient && can('reconciliation:list');
  // Asked for at once, though the note shows last (below): the card reads this same query.
  useConnectionsNeedingAction({ enabled: showConnections && serviceParam === null });

  if (serviceParam !== null) {
    if (services.isPending) {
      return (
        <>
          <PageTitle>{t('nav.home')}</PageTitle>
          <PageLoader />
        </>
      );
    }
    const service = services.data?.find((candidate) => String(candidate.id) === serviceParam);
    if (service) {
      return (
        <>
          <PageTitle>{t('nav.home')}</PageTitle>
          <ServiceTags
            service={service}
            homeHref={homeHref}
            allTagsHref={href('ReceivedDocs', null, { serviceId: service.id })}
            tagHref={(tagId) => href('ReceivedDocs', null, { serviceId: service.id, tagId })}
          />
        </>
      );
    }
    if (services.isSuccess) return <Navigate to={homeHref} replace />;
    // The list failed to load: show the overview with its error and retry rather than guess.
  }

  return (
    <>
      <PageTitle>{t('nav.home')}</PageTitle>
      <Stack gap="xl">
        {isClient && <ToDoCard allHref={href('ToDo')} />}
        {isClient && allows(routeDefinition('MyBookkeeping')) && <BookkeepingCard yearHref={href('MyBookkeeping')} />}
        <DocumentCards
          receivedDocsHref={can('received:list') ? href('ReceivedDocs') : undefined}
          myUploadsHref={can('my-upload:list') ? href('MyUploads') : undefined}
        />
        <ServicesGrid
          services={services.data}
          isError={services.isError}
          onRetry={() => void services.refetch()}
          serviceHref={serviceHref}
        />
        {isClient && <AppointmentLinks />}
        {/* Last, and once the Services grid above has its final height: the note comes with its own
            list, and only when a connection needs a client, so appearing it moves nothing on the
            screen (above the cards it pushed them down). */}
        {showConnections && !services.isPending && <ConnectionsNeedingActionCard listHref={href('BankConnections')} />}
      </Stack>
    </>
  );
}
