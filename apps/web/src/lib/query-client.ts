import {
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryClientConfig,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

/** A 4xx answer will be the same the next time; only network trouble and 5xx are worth retrying. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * After a change, every list must show it. TanStack's invalidation restarts a fetch in flight only
 * when its query already has data: a query's first fetch (a search just submitted is a new key,
 * with the previous results still on screen) is left to finish, and it may have read the list
 * before the change committed, so a deactivated client stayed in the list until the next refetch.
 * Such a first fetch is not cancelled (whoever awaits it, a fetchQuery or a suspense boundary, would
 * get a CancelledError): once it settles, its query is invalidated again, so it is fetched anew.
 */
export class AppQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstFetches = this.getQueryCache()
      .findAll(filters)
      .filter((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined);
    const invalidated = super.invalidateQueries(filters, options);
    await Promise.all([
      invalidated,
      ...firstFetches.map(async (query) => {
        // A fetch in flight answers with its own promise; its outcome is its awaiters' business.
        await query.fetch().catch(() => undefined);
        await super.invalidateQueries({ ...filters, queryKey: query.queryKey, exact: true }, options);
      }),
    ]);
  }
}

export function createQueryClient(config: QueryClientConfig = {}): AppQueryClient {
  return new AppQueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}

export const queryClient = createQueryClient();
