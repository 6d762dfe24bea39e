// First: zod must be jitless before any schema is built (see the module).
import '@/lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@/lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { applyPreloadedStyleSheets } from '@/lib/preloaded-style-sheets';
import { AppProvider } from './provider';
import { AppRouter, createAppRouter, nextTask, type AppRouterInstance } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function render(router: AppRouterInstance) {
  const root = createRoot(container!);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree (issue 25 item 5: on a phone that was one long task of several
  // hundred milliseconds, during which a tap waited). The screen is the same.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
}

// Applied now, awaited only before the first render: the router's requests need no styles.
const styleSheets = applyPreloadedStyleSheets();

// Tasks of their own rather than one (issue 25 item 5): evaluating the app's code (this module and its
// imports), creating the router (which sends the first requests; asking for the screen's code follows
// in another, router.tsx), and the start of the first render. On a phone each was tens of
// milliseconds, and together one long task during which the page could not answer a tap.
void nextTask().then(() => {
  const router = createAppRouter();
  return Promise.all([styleSheets, nextTask()]).then(() => render(router));
});
