/**
 * One way to show an address and an empty value on every screen, panel and export (spec 02: "Empty
 * values show a dash. Address is shown as addressLine1, addressLine2, city, state, zipCode joined by
 * commas").
 */

/** What every empty value shows: details panels, tables, the company details' filler. */
export const EMPTY_VALUE = '—';

const filled = (value: string | number | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
};

/** The value as text, or the one empty filler when it is missing or blank. */
export function orEmpty(value: string | number | null | undefined): string {
  return filled(value) ?? EMPTY_VALUE;
}

export interface AddressParts {
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  /** The state's name ("Illinois"). */
  state?: string | null;
  zipCode?: string | null;
}

/** "12 Main St, Suite 4, Springfield, Illinois, 62701": the filled parts joined by commas; null when none is. */
export function formatAddress(parts: AddressParts): string | null {
  const line = [parts.addressLine1, parts.addressLine2, parts.city, parts.state, parts.zipCode]
    .map(filled)
    .filter((part): part is string => part !== null);
  return line.length > 0 ? line.join(', ') : null;
}
