import { MAX_PAGE_SIZE } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { reconciliationKeys } from './reconciliation-keys';
import { getTransactions } from './get-transactions';

/** A month beyond this many transactions gets no check mark rather than a long chain of requests. */
const MAX_PAGES = 20;

/**
 * The sum of every transaction of the month, unfiltered, in cents: the balance check compares it with
 * ending minus starting balance. The balance answer does not carry it, so it is added up here.
 */
export async function getMonthTotalCents(
  clientId: number,
  accountId: number,
  year: number,
  month: number,
  signal?: AbortSignal,
): Promise<number | null> {
  let cents = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, totalCount } = await getTransactions(
      clientId,
      accountId,
      { year, month, limit: MAX_PAGE_SIZE, offset: page * MAX_PAGE_SIZE },
      signal,
    );
    for (const item of items) cents += Math.round(item.amount * 100);
    if ((page + 1) * MAX_PAGE_SIZE >= totalCount) return cents;
  }
  return null;
}

export function useMonthTotalCents(clientId: number | null, accountId: number, year: number, month: number) {
  return useQuery({
    enabled: clientId !== null && accountId > 0,
    queryKey: reconciliationKeys.monthTotal(clientId ?? 0, accountId, year, month),
    queryFn: ({ signal }) => getMonthTotalCents(clientId ?? 0, accountId, year, month, signal),
    retry: false,
  });
}
