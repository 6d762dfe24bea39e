const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "$22,010": dollar prefix, comma separator (spec 03 section 9). */
export function formatDollars(amount: number): string {
  return `$${dollars.format(amount)}`;
}
