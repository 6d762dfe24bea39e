// First: zod must be jitless before any schema is built (see the module).
import '@/lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@/lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './provider';
import { AppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree (issue 25 item 5: on a phone that was one long task of several
// hundred milliseconds, during which a tap waited). The screen is the same.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
