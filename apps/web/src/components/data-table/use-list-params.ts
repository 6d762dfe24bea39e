import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@ledgerport/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortState } from './data-table';

type FilterValue = string | undefined;
const RESERVED = new Set(['page', 'pageSize', 'sortedBy', 'sortedDesc']);

/**
 * A list's paging, sort and filters live in the URL, so a reload, a shared link or the back button
 * shows the same page. Filters are strings as they appear in the URL; the screen converts them.
 * `defaults` are the filters applied when the URL names none (e.g. isActive=true).
 */
export function useListParams<F extends Record<string, FilterValue>>(defaults: F, defaultSort: SortState = {}) {
  const [searchParams, setSearchParams] = useSearchParams();

  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const sizeParam = Number(searchParams.get('pageSize'));
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const sort: SortState = searchParams.has('sortedBy')
    ? { sortedBy: searchParams.get('sortedBy') ?? undefined, sortedDesc: searchParams.get('sortedDesc') === 'true' }
    : defaultSort;

  // `defaults` is usually a literal: key the memo on its content, not its identity.
  const defaultsKey = JSON.stringify(defaults);
  const filters = useMemo(() => {
    const hasOwnFilters = [...searchParams.keys()].some((key) => !RESERVED.has(key));
    const result: Record<string, FilterValue> = { ...(JSON.parse(defaultsKey) as F) };
    if (hasOwnFilters) {
      for (const key of Object.keys(result)) result[key] = undefined;
      for (const [key, value] of searchParams) if (!RESERVED.has(key)) result[key] = value;
    }
    return result as F;
  }, [searchParams, defaultsKey]);

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setSearchParams],
  );

  return {
    page,
    pageSize,
    sort,
    filters,
    /** Whether any filter differs from the screen's defaults: picks the no-results text over the empty one. */
    isFiltered: JSON.stringify(filters) !== defaultsKey,
    /** `limit`/`offset`/`sortedBy`/`sortedDesc` plus the filters, for the API call. */
    query: { limit: pageSize, offset: (page - 1) * pageSize, ...sort, ...filters },
    setPage: (value: number) => update({ page: value > 1 ? String(value) : undefined }),
    setPageSize: (value: number) => update({ pageSize: String(value), page: undefined }),
    /** A new order starts again on page 1, as a new search does. */
    setSort: (value: SortState) =>
      update({
        sortedBy: value.sortedBy,
        sortedDesc: value.sortedBy ? String(Boolean(value.sortedDesc)) : undefined,
        page: undefined,
      }),
    /**
     * Replaces the filters and goes back to page 1 (spec 01 section 4.7). Without any filter the
     * defaults apply again, so a filter that is on by default is switched off with an explicit value
     * (`isActive: 'all'`) that the screen leaves out of the API call.
     */
    setFilters: (next: Partial<F>) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams();
        for (const key of ['pageSize', 'sortedBy', 'sortedDesc']) {
          const value = previous.get(key);
          if (value !== null) params.set(key, value);
        }
        for (const [key, value] of Object.entries(next))
          if (value !== undefined && value !== '') params.set(key, value);
        return params;
      }),
    resetFilters: () =>
      setSearchParams((previous) => {
        const params = new URLSearchParams();
        for (const key of ['pageSize', 'sortedBy', 'sortedDesc']) {
          const value = previous.get(key);
          if (value !== null) params.set(key, value);
        }
        return params;
      }),
  };
}

/**
 * Spec 01 section 4.7: after a status change or delete removed the only row of a page that is not the
 * first, go back one page (unless the status filter is "all", where the row stays in the list).
 */
export function pageAfterRemoval(page: number, rowsOnPage: number, rowStaysVisible = false): number {
  return !rowStaysVisible && rowsOnPage === 1 && page > 1 ? page - 1 : page;
}
