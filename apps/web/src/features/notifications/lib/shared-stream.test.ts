import { describe, expect, it, vi } from 'vitest';
import { shareAcrossTabs, type LeaderTab, type TabChannel, type TabCoordination } from './shared-stream';

/**
 * One browser's Web Locks and BroadcastChannel, in memory: a lock is held until its task settles and
 * then goes to the next request in line; a message reaches every other open channel of the same name,
 * a moment later, as a copy.
 */
function fakeBrowser(): TabCoordination {
  const held = new Set<string>();
  const queues = new Map<string, Array<() => void>>();
  const channels = new Set<FakeChannel>();

  const grant = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };

  class FakeChannel implements TabChannel {
    onmessage: ((event: MessageEvent) => void) | null = null;
    private closed = false;
    constructor(readonly name: string) {
      channels.add(this);
    }
    postMessage(message: unknown) {
      if (this.closed) throw new DOMException('The channel is closed', 'InvalidStateError');
      for (const other of channels) {
        if (other === this || other.name !== this.name) continue;
        const data = structuredClone(message);
        setTimeout(() => other.onmessage?.(new MessageEvent('message', { data })));
      }
    }
    close() {
      this.closed = true;
      channels.delete(this);
    }
  }

  return {
    BroadcastChannel: FakeChannel,
    locks: {
      request: (name, { signal }, task) =>
        new Promise<void>((resolve, reject) => {
          const run = () => {
            signal.removeEventListener('abort', cancel);
            task()
              .then(resolve, reject)
              .finally(() => grant(name));
          };
          const cancel = () => {
            queues.set(
              name,
              (queues.get(name) ?? []).filter((waiting) => waiting !== run),
            );
            reject(new DOMException('The request was aborted', 'AbortError'));
          };
          if (!held.has(name)) {
            held.add(name);
            run();
            return;
          }
          queues.set(name, [...(queues.get(name) ?? []), run]);
          signal.addEventListener('abort', cancel, { once: true });
        }),
    },
  };
}

/** A tab: what it was told, and, while it leads, the handle its stream reports through. */
function openTab(browser: TabCoordination | null, name = 'ledgerport-notifications-5') {
  const tab = {
    values: [] as string[],
    signals: [] as string[],
    connected: false,
    streams: 0,
    leader: null as LeaderTab | null,
    stop: () => {},
  };
  tab.stop = shareAcrossTabs(
    name,
    {
      lead: (leader, signal) => {
        tab.streams += 1;
        tab.leader = leader;
        return new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => {
            tab.leader = null;
            resolve();
          }),
        );
      },
      onValue: (value) => tab.values.push(value),
      onSignal: (value) => tab.signals.push(value),
      onConnected: (connected) => {
        tab.connected = connected;
      },
    },
    browser,
  );
  return tab;
}

const count = (unreadCount: number) => JSON.stringify({ unreadCount });

describe('one notification stream for all of a browser’s tabs', () => {
  it('opens the stream in one tab and passes what it reads to the other', async () => {
    const browser = fakeBrowser();
    const first = openTab(browser);
    const second = openTab(browser);
    await vi.waitFor(() => expect(first.leader).not.toBeNull());

    first.leader!.setConnected(true);
    first.leader!.publish(count(3));
    // The answer to the second tab's hello may repeat the count: applying it twice changes nothing.
    await vi.waitFor(() => expect(second.values.at(-1)).toBe(count(3)));
    expect(second.connected).toBe(true);
    expect(first).toMatchObject({ values: [count(3)], connected: true, streams: 1 });
    expect(second.streams).toBe(0);

    first.leader!.publish(count(4));
    await vi.waitFor(() => expect(second.values.at(-1)).toBe(count(4)));

    // The leader's stream drops: the follower polls too until it is back.
    first.leader!.setConnected(false);
    await vi.waitFor(() => expect(second.connected).toBe(false));
    first.stop();
    second.stop();
  });

  it('tells a tab that opens later whether the stream is up, and the last count', async () => {
    const browser = fakeBrowser();
    const first = openTab(browser);
    await vi.waitFor(() => expect(first.leader).not.toBeNull());
    first.leader!.setConnected(true);
    first.leader!.publish(count(2));

    const late = openTab(browser);
    await vi.waitFor(() => expect(late).toMatchObject({ connected: true, values: [count(2)] }));
    expect(late.streams).toBe(0);
    first.stop();
    late.stop();
  });

  it('passes a passing event to every tab once, and never replays it to a tab that opens later', async () => {
    const browser = fakeBrowser();
    const first = openTab(browser);
    const second = openTab(browser);
    await vi.waitFor(() => expect(first.leader).not.toBeNull());
    first.leader!.setConnected(true);
    first.leader!.publish(count(2));
    const changed = JSON.stringify({ conversationId: 12 });
    first.leader!.signal(changed);
    await vi.waitFor(() => expect(second.signals).toEqual([changed]));
    expect(first.signals).toEqual([changed]);

    const late = openTab(browser);
    await vi.waitFor(() => expect(late).toMatchObject({ connected: true, values: [count(2)] }));
    // The count is state and is passed on; the change happened before the tab was there.
    expect(late.signals).toEqual([]);
    first.stop();
    second.stop();
    late.stop();
  });

  it('hands the stream to another tab when the leader closes', async () => {
    const browser = fakeBrowser();
    const first = openTab(browser);
    const second = openTab(browser);
    const third = openTab(browser);
    await vi.waitFor(() => expect(first.leader).not.toBeNull());
    first.leader!.setConnected(true);
    await vi.waitFor(() => expect([second.connected, third.connected]).toEqual([true, true]));

    first.stop();
    expect(first.connected).toBe(false);
    await vi.waitFor(() => expect(second.leader).not.toBeNull());
    expect([second.streams, third.streams]).toEqual([1, 0]);
    // Until the new leader's stream is up, nobody's is: both poll.
    await vi.waitFor(() => expect([second.connected, third.connected]).toEqual([false, false]));

    second.leader!.setConnected(true);
    second.leader!.publish(count(7));
    await vi.waitFor(() => expect(third).toMatchObject({ connected: true, values: [count(7)] }));
    second.stop();
    third.stop();
  });

  it('drops a tab that closes while it waits, and keeps each person’s stream apart', async () => {
    const browser = fakeBrowser();
    const first = openTab(browser);
    const waiting = openTab(browser);
    const otherPerson = openTab(browser, 'ledgerport-notifications-6');
    await vi.waitFor(() => expect([first.streams, otherPerson.streams]).toEqual([1, 1]));

    waiting.stop();
    const next = openTab(browser);
    first.stop();
    await vi.waitFor(() => expect(next.streams).toBe(1));
    expect(waiting.streams).toBe(0);

    otherPerson.leader!.publish(count(9));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(next.values).toEqual([]);
    next.stop();
    otherPerson.stop();
  });

  it('reads its own stream where the browser has no Web Locks or BroadcastChannel', () => {
    const first = openTab(null);
    const second = openTab(null);
    expect([first.streams, second.streams]).toEqual([1, 1]);

    first.leader!.setConnected(true);
    first.leader!.publish(count(1));
    expect(first).toMatchObject({ connected: true, values: [count(1)] });
    expect(second).toMatchObject({ connected: false, values: [] });
    first.stop();
    second.stop();
  });
});
