import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dropEarlyRequests } from '@/lib/api-client';
import { loadAllTexts } from '@/lib/i18n';
import { reloadSession } from '@/lib/session';

// Components render outside the router here: every text is there before the first test.
await loadAllTexts();

// happy-dom lacks these browser APIs that Mantine relies on (colour scheme, ScrollArea, Popover, and
// the autosizing Textarea, which listens to document.fonts).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// The page's address, as the environment opened it: a test that follows a link (a download's blob
// URL, a sign-out to /login) moves it, and the files of a worker share one page (isolate: false).
const START_URL = window.location.href;

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  notifications.clean(); // the store outlives the rendered tree
  dropEarlyRequests();
  window.localStorage.clear();
  // The session module keeps what it read from storage: read again, so no test inherits a sign-in.
  reloadSession();
  if (window.location.href !== START_URL) {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(START_URL);
  }
});
