import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';
import {
  API,
  DEMO_BOOKKEEPING_CLIENT,
  demoBankFeed,
  escapeRegExp,
  json,
  lastTwelveMonths,
  monthName,
  usd,
} from './support-reconciliation.js';

/*
 * Issue 24's pictures drawn from the demo firm's own data (b1g1's business client links a checking
 * account with two years of history and a card on the first start, and has a bank statement in the
 * tracker): each chart's sentence and table carry the numbers the API gives, read only, so other
 * specs change nothing here and this spec changes nothing for them.
 */

interface BalanceMonth {
  year: number;
  month: number;
  endingBalance: number;
  moneyIn: number;
  moneyOut: number;
}

interface CompletionMonth {
  year: number;
  month: number;
  rows: number;
  complete: number;
  bankStatementsUploaded: number;
  quickBooksDraftDone: number;
  quickBooksReviewDone: number;
  financialStatementsUploaded: number;
}

const checksOf = (m: CompletionMonth) =>
  m.bankStatementsUploaded + m.quickBooksDraftDone + m.quickBooksReviewDone + m.financialStatementsUploaded;

/** The chart's numbers as a table (its "Show as table" switch): one row per month, oldest first. */
async function showTable(chart: Locator) {
  await chart.getByRole('switch', { name: 'Show as table' }).check();
  const table = chart.getByRole('table');
  await expect(table).toBeVisible();
  return table;
}

/** The table's body rows, each as its month (the row header) and its cells. */
async function rowsOf(table: Locator) {
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(12);
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
  );
}

const monthLabels = () => lastTwelveMonths().map((m) => monthName(m.year, m.month));

test('the demo firm’s charts show its numbers: an account’s balance and money in and out, net cash, and bookkeeping completion for the firm and the client', async ({
  page,
  request,
}) => {
  const { admin, clientId, checking, accounts } = await demoBankFeed(request);
  const months = monthLabels();
  await signIn(page, DEMO.admin);
  const main = page.getByRole('main');

  // The checking account's page: the balance at each month end, ending at today's balance, and the
  // money in and out per month.
  const history = await json<{ months: BalanceMonth[] }>(
    await request.get(`${API}/clients/${clientId}/institution-accounts/${checking.id}/balance-history`, {
      headers: admin,
    }),
  );
  expect(history.months.map((m) => monthName(m.year, m.month))).toEqual(months);
  expect(history.months.at(-1)!.endingBalance).toBeCloseTo(checking.currentBalance, 2);
  await page.goto(`/reconciliations/${checking.id}/transactions?clientId=${clientId}`);
  const balance = main.getByRole('region', { name: 'Balance over the last 12 months' });
  const first = history.months[0]!.endingBalance;
  const last = history.months.at(-1)!.endingBalance;
  expect(last, 'the balance moved over the year').not.toBe(first);
  await expect(balance).toContainText(
    `Balance ${last > first ? 'rose' : 'fell'} from ${usd(first)} to ${usd(checking.currentBalance)} over the last 12 months.`,
  );
  expect(await rowsOf(await showTable(balance))).toEqual(
    history.months.map((m) => [monthName(m.year, m.month), usd(m.endingBalance)]),
  );
  const inOut = main.getByRole('region', { name: 'Money in and out per month' });
  const moneyIn = history.months.reduce((sum, m) => sum + m.moneyIn, 0);
  const moneyOut = history.months.reduce((sum, m) => sum + m.moneyOut, 0);
  expect(moneyIn, 'money came in over the year').toBeGreaterThan(0);
  expect(moneyOut, 'money went out over the year').toBeGreaterThan(0);
  await expect(inOut).toContainText(`Over the last 12 months ${usd(moneyIn)} came in and ${usd(moneyOut)} went out`);
  expect(await rowsOf(await showTable(inOut))).toEqual(
    history.months.map((m) => [monthName(m.year, m.month), usd(m.moneyIn), usd(m.moneyOut)]),
  );

  // Reconciliations: net cash at each month end, ending at the sum of the accounts' balances.
  const netCash = accounts.netCash.find((cash) => cash.isoCurrencyCode === 'USD')!;
  expect(accounts.institutionAccounts.length, 'a checking account and a card').toBe(2);
  await page.goto(`/reconciliations?clientId=${clientId}`);
  const cash = main.getByRole('region', { name: 'Net cash over the last 12 months' });
  await expect(cash).toContainText(
    new RegExp(`Net cash in USD (rose|fell) from \\$[\\d,]+\\.\\d{2} to ${escapeRegExp(usd(netCash.value))} over`),
  );
  const cashRows = await rowsOf(await showTable(cash));
  expect(cashRows.map(([month]) => month)).toEqual(months);
  expect(cashRows.at(-1)![1]).toBe(usd(netCash.value));
  // Each month end differs from the next by what moved in between: not a flat line.
  expect(new Set(cashRows.map(([, value]) => value)).size).toBeGreaterThan(1);

  // The tracker's completion for the firm: every tracker client counted, ending with this month.
  await page.goto('/bookkeeping');
  const firm = main.getByRole('region', { name: 'Completion per month' });
  const summary = firm.getByText(/^In \w+ \d{4}, \d+ of \d+ checks/);
  await expect(summary).toHaveText(
    new RegExp(
      `^In ${months.at(-1)}, (\\d+) of (\\d+) checks \\(\\d+%\\) are done, and \\d+ of (\\d+) clients? \\(\\d+%\\) ha(s|ve) all four\\.$`,
    ),
  );
  const [, allChecks, clients] = /of (\d+) checks.* of (\d+) client/.exec((await summary.textContent())!)!;
  expect(Number(clients), 'the demo firm has bookkeeping clients').toBeGreaterThan(0);
  expect(Number(allChecks)).toBe(Number(clients) * 4);
  const firmRows = await rowsOf(await showTable(firm));
  expect(firmRows.map(([month]) => month)).toEqual(months);
  for (const [, share, complete, listed, completeShare] of firmRows) {
    expect(share).toMatch(/^\d+%$/);
    expect(Number(complete)).toBeLessThanOrEqual(Number(listed));
    expect(Number(listed)).toBeGreaterThan(0);
    expect(completeShare).toMatch(/^\d+%$/);
  }

  // The same chart for b1g1's business client alone (the tracker's client filter): its own months.
  const own = await json<{ months: CompletionMonth[] }>(
    await request.get(`${API}/bookkeeping/completion?clientId=${clientId}`, { headers: admin }),
  );
  expect(
    own.months.some((m) => checksOf(m) > 0),
    'the demo has a bank statement in the tracker',
  ).toBe(true);
  await page.goto(`/bookkeeping?clientId=${clientId}`);
  expect(await rowsOf(await showTable(firm))).toEqual(
    own.months.map((m) => [
      monthName(m.year, m.month),
      `${Math.round((checksOf(m) / 4) * 100)}%`,
      String(m.complete),
      '1',
      `${m.complete * 100}%`,
    ]),
  );

  // The client's page (the details panel of Clients): its checks per month.
  await page.goto('/clients');
  await openDetails(page, DEMO_BOOKKEEPING_CLIENT);
  const panel = page.getByRole('dialog', { name: DEMO_BOOKKEEPING_CLIENT });
  const perClient = panel.getByRole('region', { name: 'Bookkeeping completion' });
  const latest = own.months.at(-1)!;
  await expect(perClient).toContainText(
    `of the 12 months up to ${months.at(-1)} ${own.months.filter((m) => m.complete > 0).length === 1 ? 'is' : 'are'} complete; ${months.at(-1)} has ${checksOf(latest)} of 4 checks done.`,
  );
  expect(await rowsOf(await showTable(perClient))).toEqual(
    own.months.map((m) => [monthName(m.year, m.month), `${checksOf(m)} / 4`, m.complete > 0 ? 'Done' : 'Not done']),
  );
});

async function openDetails(page: Page, name: string) {
  const search = page.getByRole('search', { name: 'Search filters' });
  if (!(await search.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await search.getByLabel('Full name').fill(name);
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Details' }).click();
}
