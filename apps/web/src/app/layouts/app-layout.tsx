import { Alert, AppShell, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { useMenuDialogFocusReturn } from '@/components/ui/use-menu-dialog-focus-return';
import {
  useCurrentClientStep,
  type CurrentClientStep,
} from '@/features/clients/accounts/hooks/use-current-client-step';
import { useAnnouncementsStep } from '@/features/announcements/hooks/use-announcements-step';
import { useLeadOnboardingStep } from '@/features/lead-onboarding/hooks/use-lead-onboarding-step';
import { useTwoFactorStep } from '@/features/two-factor/hooks/use-two-factor-step';
import { useAuthorization } from '@/lib/authorization';
import { useIsPhone } from '@/lib/use-is-phone';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { SkipLink, mainContentProps } from './skip-link';

const NAVBAR_ID = 'app-navbar';

/** A client user's account step (with its new-account form) loads only for those who choose. */
const ChooseAccountModal = lazy(() =>
  import('@/features/clients/accounts/components/choose-account-modal').then((m) => ({
    default: m.ChooseAccountModal,
  })),
);

function PendingContent({ step }: { step: CurrentClientStep }) {
  const { t } = useTranslation();
  if (step.status === 'error') {
    return (
      <Alert color="red" title={t('errors.fetch')} maw={560}>
        <Button variant="light" color="red" mt="sm" onClick={step.retry}>
          {t('errors.retry')}
        </Button>
      </Alert>
    );
  }
  return <PageLoader />;
}

/**
 * The signed-in frame: header, sidebar and the screen. For a client user the screen stays hidden
 * until the post-login steps are through, in the spec's order (spec 01 section 2.3): lead
 * onboarding, then unconfirmed announcements, then the current client. Staff skip all three.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [navbarOpened, { toggle: toggleNavbar, close: closeNavbar }] = useDisclosure(false);
  const { pathname } = useLocation();
  const { isClient } = useAuthorization();
  const isPhone = useIsPhone();
  useMenuDialogFocusReturn();

  // On small screens the navbar covers the page: close it once a link was followed.
  useEffect(() => closeNavbar(), [pathname, closeNavbar]);

  const twoFactor = useTwoFactorStep();
  const onboarding = useLeadOnboardingStep({ enabled: isClient && twoFactor.done });
  const announcements = useAnnouncementsStep({ enabled: isClient && onboarding.done });
  const currentClient = useCurrentClientStep({ enabled: isClient && onboarding.done && announcements.done });
  const ready = twoFactor.done && onboarding.done && announcements.done && currentClient.status === 'done';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <Header navbarOpened={navbarOpened} onToggleNavbar={toggleNavbar} navbarId={NAVBAR_ID} />
      </AppShell.Header>
      {/* A complementary landmark holding the menu's own <nav> and, for clients, the terms link, which
          would otherwise sit outside every landmark. */}
      {/* Closed on a phone, the navbar is only slid off screen: inert keeps its links out of the tab
          order and of screen readers until the burger opens it. */}
      <AppShell.Navbar id={NAVBAR_ID} p="sm" component="aside" inert={isPhone && !navbarOpened}>
        {/* On a phone the menu is off screen until the burger opens it: not built before then. */}
        <Sidebar menuWanted={!isPhone || navbarOpened} />
      </AppShell.Navbar>
      <AppShell.Main {...mainContentProps}>{ready ? children : <PendingContent step={currentClient} />}</AppShell.Main>
      {twoFactor.dialog}
      {onboarding.dialog}
      {announcements.dialog}
      {currentClient.status === 'choosing' && (
        <Suspense fallback={null}>
          <ChooseAccountModal
            clients={currentClient.clients}
            pending={currentClient.pending}
            onChoose={currentClient.choose}
          />
        </Suspense>
      )}
    </AppShell>
  );
}
