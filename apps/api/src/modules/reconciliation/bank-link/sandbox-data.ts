import type { TransactionCategoryCode } from './categories.js';

/**
 * The sandbox bank's data (docs/reconciliation.md "Sandbox bank"): a small business's checking account
 * and credit card, generated day by day from a seed, so any date range gives the same transactions
 * every time without storing them. Amounts are in cents, negative for money out.
 */

export interface SandboxInstitution {
  id: string;
  name: string;
}

export const SANDBOX_INSTITUTIONS: readonly SandboxInstitution[] = [
  { id: 'ins_sandbox_platypus', name: 'First Platypus Bank' },
  { id: 'ins_sandbox_tattersall', name: 'Tattersall Federal Credit Union' },
  { id: 'ins_sandbox_juniper', name: 'Juniper Valley Savings' },
  { id: 'ins_sandbox_harbor', name: 'Harborlight National Bank' },
];

export type SandboxKind = 'checking' | 'card';

export interface SandboxTransaction {
  id: string;
  date: string;
  name: string;
  amountCents: number;
  categoryCode: TransactionCategoryCode;
}

const DAY_MS = 86_400_000;

export function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}
export function isoDateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 32-bit string hash (FNV-1a): the seed of one client's account at one institution. */
export function seedOf(...parts: Array<string | number>): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A small deterministic generator (mulberry32) for one seed and day. */
function random(seed: number, day: number, salt = 0) {
  let state = (seed ^ Math.imul(day + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    cents: (min: number, max: number) => Math.round((min + next() * (max - min)) * 100),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const CUSTOMERS = [
  'Bluebird Studios',
  'Oakridge Dental',
  'Summit Logistics',
  'Riverbend Cafe',
  'Pinecrest Realty',
  'Lumen Analytics',
];

/** Fixed per account (rent, subscriptions): the same every month. */
function monthlyFixed(seed: number, salt: number, min: number, max: number): number {
  return -random(seed, 0, salt).cents(min, max);
}

function checkingDay(seed: number, day: number): Array<Omit<SandboxTransaction, 'id'>> {
  const date = isoDateOf(day);
  const d = new Date(day * DAY_MS);
  const dom = d.getUTCDate();
  const month = d.getUTCMonth() + 1;
  const weekday = d.getUTCDay();
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), month, 0)).getUTCDate();
  const r = random(seed, day);
  const out: Array<Omit<SandboxTransaction, 'id'>> = [];
  const add = (name: string, amountCents: number, categoryCode: TransactionCategoryCode) =>
    out.push({ date, name, amountCents, categoryCode });

  if (dom === 1) add('Maple Court Properties Rent', monthlyFixed(seed, 1, 2800, 4200), 'rent');
  if (dom === 1 || dom === 15) add('Harbor Payroll Services', -r.cents(5200, 7800), 'payroll');
  if (dom === 3) add('Cloudnote Workspace', monthlyFixed(seed, 2, 24, 72), 'software');
  if (dom === 6) add('City Power & Light', -r.cents(180, 420), 'utilities');
  if (dom === 9) add('Pixelforge Design Suite', -5499, 'software');
  if (dom === 12) add('Clearwater Utilities', -r.cents(60, 140), 'utilities');
  if (dom === 17) add('Ledgerly Accounting', monthlyFixed(seed, 3, 30, 80), 'software');
  if (dom === 22) add('Fiberline Internet', -8999, 'utilities');
  if (dom === 25) add('Northgate Business Insurance', monthlyFixed(seed, 4, 210, 260), 'insurance');
  if (dom === 15 && [1, 4, 6, 9].includes(month)) add('IRS Estimated Tax Payment', -r.cents(1800, 4200), 'taxes');
  if (dom === lastDay) add('Monthly service fee', -1500, 'fees');
  if (weekday >= 1 && weekday <= 5 && r.chance(0.5)) {
    add(`Client payment - ${r.pick(CUSTOMERS)}`, r.cents(900, 4800), 'income');
  }
  if (weekday === 1 && r.chance(0.2)) add('Transfer to savings', -r.cents(500, 1500), 'transfer');
  return out;
}

const CARD_MERCHANTS: ReadonlyArray<{
  name: string;
  category: TransactionCategoryCode;
  min: number;
  max: number;
  weight: number;
}> = [
  { name: 'Green Basket Market', category: 'groceries', min: 25, max: 180, weight: 3 },
  { name: 'Corner Bistro', category: 'food-and-drink', min: 18, max: 95, weight: 3 },
  { name: 'Daily Grind Coffee', category: 'food-and-drink', min: 4, max: 22, weight: 4 },
  { name: 'Metro Rideshare', category: 'transportation', min: 12, max: 58, weight: 2 },
  { name: 'Quickfuel Station', category: 'transportation', min: 30, max: 75, weight: 2 },
  { name: 'Paper & Pin Office Supply', category: 'office', min: 20, max: 240, weight: 2 },
  { name: 'Everyday Goods Online', category: 'merchandise', min: 15, max: 210, weight: 2 },
  { name: 'Skyway Airlines', category: 'travel', min: 180, max: 650, weight: 1 },
  { name: 'Harborview Hotel', category: 'travel', min: 140, max: 420, weight: 1 },
];
const CARD_WEIGHT = CARD_MERCHANTS.reduce((sum, m) => sum + m.weight, 0);

function cardPurchases(seed: number, day: number): Array<Omit<SandboxTransaction, 'id'>> {
  const date = isoDateOf(day);
  const r = random(seed, day, 7);
  const count = Math.floor(r.next() * 3.2);
  const out: Array<Omit<SandboxTransaction, 'id'>> = [];
  for (let i = 0; i < count; i++) {
    let roll = r.next() * CARD_WEIGHT;
    const merchant = CARD_MERCHANTS.find((m) => (roll -= m.weight) < 0) ?? CARD_MERCHANTS[0]!;
    out.push({
      date,
      name: merchant.name,
      amountCents: -r.cents(merchant.min, merchant.max),
      categoryCode: merchant.category,
    });
  }
  return out;
}

function cardDay(seed: number, day: number): Array<Omit<SandboxTransaction, 'id'>> {
  const out = cardPurchases(seed, day);
  const d = new Date(day * DAY_MS);
  if (d.getUTCDate() === 3)
    out.push({
      date: isoDateOf(day),
      name: 'Cloudnote Workspace',
      amountCents: monthlyFixed(seed, 2, 24, 72),
      categoryCode: 'software',
    });
  if (d.getUTCDate() === 21) {
    // The statement is paid in full: the previous calendar month's purchases.
    const firstOfPrevious = dayNumber(
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 10),
    );
    const firstOfThis = dayNumber(
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString().slice(0, 10),
    );
    let owed = 0;
    for (let x = firstOfPrevious; x < firstOfThis; x++) for (const t of cardPurchases(seed, x)) owed -= t.amountCents;
    if (owed > 0)
      out.push({ date: isoDateOf(day), name: 'Payment - thank you', amountCents: owed, categoryCode: 'card-payment' });
  }
  return out;
}

/** The account's regular transactions dated from `from` to `to` (inclusive, YYYY-MM-DD). */
export function baseTransactions(seed: number, kind: SandboxKind, from: string, to: string): SandboxTransaction[] {
  const out: SandboxTransaction[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day++) {
    const items = kind === 'checking' ? checkingDay(seed, day) : cardDay(seed, day);
    items.forEach((item, index) => out.push({ ...item, id: `${kind}-${item.date.replaceAll('-', '')}-${index}` }));
  }
  return out;
}

/**
 * What appears on sync round `round` (from the second on), dated that round's day: a small pending
 * item, removed on the next round (an authorisation that dropped off), and one that the next round
 * modifies (a tip added, a payment's description completed). Shows new, changed and removed
 * transactions without waiting for days to pass.
 */
export function roundExtras(seed: number, kind: SandboxKind, round: number, date: string, modified: boolean) {
  const r = random(seed, round, 99);
  const removable: SandboxTransaction =
    kind === 'checking'
      ? {
          id: `x${round}-0`,
          date,
          name: 'Mobile check deposit',
          amountCents: r.cents(100, 900),
          categoryCode: 'income',
        }
      : {
          id: `x${round}-0`,
          date,
          name: 'Daily Grind Coffee',
          amountCents: -r.cents(4, 12),
          categoryCode: 'food-and-drink',
        };
  const customer = r.pick(CUSTOMERS);
  const amount = r.cents(20, 60);
  const changing: SandboxTransaction =
    kind === 'checking'
      ? {
          id: `x${round}-1`,
          date,
          name: modified ? `ACH Client payment - ${customer} Inc` : `Client payment - ${customer}`,
          amountCents: r.cents(900, 3000),
          categoryCode: 'income',
        }
      : {
          id: `x${round}-1`,
          date,
          name: 'Corner Bistro',
          amountCents: -(modified ? Math.round(amount * 1.18) : amount),
          categoryCode: 'food-and-drink',
        };
  return { removable, changing };
}

/** The balance the account opened with at the start of its history. */
export function openingBalanceCents(seed: number, kind: SandboxKind): number {
  const r = random(seed, 0, 42);
  return kind === 'checking' ? r.cents(28_000, 52_000) : -r.cents(600, 2400);
}

/**
 * Every transaction the bank shows after `rounds` sync rounds (each dated as served), history from
 * `historyStart`; the balance is computed from these, so it always matches what was synchronised.
 */
export function materialize(
  seed: number,
  kind: SandboxKind,
  historyStart: string,
  roundDates: readonly string[],
  today: string,
): SandboxTransaction[] {
  const through = roundDates.at(-1) ?? today;
  const all = baseTransactions(seed, kind, historyStart, through);
  for (let round = 2; round <= roundDates.length; round++) {
    const isLast = round === roundDates.length;
    const { removable, changing } = roundExtras(seed, kind, round, roundDates[round - 1]!, !isLast);
    if (isLast) all.push(removable);
    all.push(changing);
  }
  return all;
}
