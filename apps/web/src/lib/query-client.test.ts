import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

describe('invalidating after a change', () => {
  it('fetches again a list whose first fetch was in flight, once it answered, so it cannot keep what it read before the change', async () => {
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    // The server's list: the row leaves it once the change has committed.
    let rows = ['Status Co'];
    const answers: Array<() => void> = [];
    const observer = new QueryObserver<string[]>(client, {
      queryKey: ['clients', 'list', { name: 'Status Co' }],
      queryFn: () => {
        const read = [...rows];
        return new Promise<string[]>((resolve) => answers.push(() => resolve(read)));
      },
    });
    const seen: Array<string[] | undefined> = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));

    // The search's first fetch has read the list; its answer is still on the way when the change lands.
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    rows = [];
    const invalidated = client.invalidateQueries({ queryKey: ['clients'] });
    // It is not cancelled (whoever awaits it gets its answer) ...
    const awaited = client.fetchQuery({ queryKey: ['clients', 'list', { name: 'Status Co' }] });
    answers[0]!();
    await expect(awaited).resolves.toEqual(['Status Co']);
    // ... and once it has answered, the list is read again and shows the change.
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!();
    await invalidated;

    expect(client.getQueryData(['clients', 'list', { name: 'Status Co' }])).toEqual([]);
    expect(seen.at(-1)).toEqual([]);
    unsubscribe();
  });
});
