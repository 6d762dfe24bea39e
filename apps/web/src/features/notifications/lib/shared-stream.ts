/**
 * One stream for all of a browser's tabs (issue 22): over HTTP/1.1 a browser keeps six connections
 * per host, so a stream per tab leaves six tabs no connection for their API calls. The tab that holds
 * a Web Lock reads the stream (the leader) and tells the others (followers) over a BroadcastChannel
 * what it reads and whether its stream is up. When the leader closes, its lock is released and the
 * next tab in the lock's queue takes over.
 */

/** What a leader reports; in the leader tab each report is also applied locally. */
export interface LeaderTab {
  /** An event's data, passed on as text: each tab parses it with its own schema (tabs of two app versions after a deploy). */
  publish(value: string): void;
  /** A passing event (something changed): told to every tab, never replayed to a tab that joins later. */
  signal(value: string): void;
  setConnected(connected: boolean): void;
}

export interface SharedSource {
  /** Reads the stream, in the leader tab only, until `signal` aborts (or for good it cannot). */
  lead(tab: LeaderTab, signal: AbortSignal): Promise<void>;
  /** Every value, whichever tab read it. */
  onValue(value: string): void;
  /** Every passing event, whichever tab read it. */
  onSignal(value: string): void;
  /** Whether some tab's stream is up: while it is, no tab needs to poll. */
  onConnected(connected: boolean): void;
}

/** The parts of the Web Locks API and BroadcastChannel used here, so tests can pass fakes. */
export interface TabLocks {
  request(name: string, options: { signal: AbortSignal }, task: () => Promise<void>): Promise<void>;
}
export interface TabChannel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}
export interface TabCoordination {
  locks: TabLocks;
  BroadcastChannel: new (name: string) => TabChannel;
}

/** The browser's own, or null where either API is missing (older browsers, the test DOM). */
export function browserTabCoordination(): TabCoordination | null {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks as LockManager | null | undefined;
  if (!locks || typeof locks.request !== 'function' || typeof globalThis.BroadcastChannel !== 'function') return null;
  return { locks, BroadcastChannel: globalThis.BroadcastChannel };
}

type TabMessage =
  | { kind: 'hello' }
  | { kind: 'connected'; connected: boolean }
  | { kind: 'value'; value: string }
  | { kind: 'signal'; value: string };

/** Another tab may run another version of the app: anything else is ignored. */
function isTabMessage(data: unknown): data is TabMessage {
  if (typeof data !== 'object' || data === null || !('kind' in data)) return false;
  switch (data.kind) {
    case 'hello':
      return true;
    case 'connected':
      return 'connected' in data && typeof data.connected === 'boolean';
    case 'value':
    case 'signal':
      return 'value' in data && typeof data.value === 'string';
    default:
      return false;
  }
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * Shares `source` among the tabs that use the same `name` (the lock's and the channel's); without
 * `coordination` this tab reads its own stream. Returns the stop, for the tab's sign-out or close.
 */
export function shareAcrossTabs(name: string, source: SharedSource, coordination: TabCoordination | null): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const stop = () => {
    controller.abort();
    source.onConnected(false);
  };

  if (!coordination) {
    void source.lead({ publish: source.onValue, signal: source.onSignal, setConnected: source.onConnected }, signal);
    return stop;
  }

  const channel = new coordination.BroadcastChannel(name);
  let closed = false;
  let leading = false;
  // The leader's state, for followers that join later.
  let connected = false;
  let lastValue: string | undefined;

  const post = (message: TabMessage) => {
    if (!closed) channel.postMessage(message);
  };
  const tell = () => {
    post({ kind: 'connected', connected });
    // A value read before the stream dropped may be out of date: the newcomer has its own fetch.
    if (connected && lastValue !== undefined) post({ kind: 'value', value: lastValue });
  };
  const leader: LeaderTab = {
    publish(value) {
      lastValue = value;
      source.onValue(value);
      post({ kind: 'value', value });
    },
    signal(value) {
      source.onSignal(value);
      post({ kind: 'signal', value });
    },
    setConnected(up) {
      if (up === connected) return;
      connected = up;
      source.onConnected(up);
      post({ kind: 'connected', connected: up });
    },
  };

  channel.onmessage = (event) => {
    const message: unknown = event.data;
    if (signal.aborted || !isTabMessage(message)) return;
    if (leading) {
      // A late word from the leader before this one is stale: only this tab's stream counts now.
      if (message.kind === 'hello') tell();
      return;
    }
    if (message.kind === 'connected') source.onConnected(message.connected);
    else if (message.kind === 'value') source.onValue(message.value);
    else if (message.kind === 'signal') source.onSignal(message.value);
  };

  // Nobody answers when no tab leads yet; the leader speaks up when it takes over.
  post({ kind: 'hello' });

  void coordination.locks
    .request(name, { signal }, async () => {
      if (signal.aborted) return;
      leading = true;
      // This tab and the others may still believe a leader that left without a word (a crash):
      // until this tab's stream is up, nobody's is.
      source.onConnected(false);
      tell();
      try {
        await source.lead(leader, signal);
        // A stream refused for good (sign-in refused, 403) is not tried again by every other tab:
        // this one keeps the lock, disconnected, so they all poll, until it signs out or closes.
        await untilAborted(signal);
      } finally {
        leading = false;
        connected = false;
        post({ kind: 'connected', connected: false });
      }
    })
    .catch((error: unknown) => {
      // A request still waiting when the tab stops is cancelled with an AbortError; nothing else is expected.
      if (!signal.aborted) throw error;
    })
    .finally(() => {
      closed = true;
      channel.close();
    });

  return stop;
}
