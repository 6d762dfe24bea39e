/**
 * Display formats of sensitive numbers. Lists and panels show only the last four digits
 * (DESIGN.md section 4); the full value appears only in the edit form, to holders of the edit permission.
 */
const lastFour = (value: string) => value.replace(/\D/g, '').slice(-4);

/** `123-45-6789` → `***-**-6789` (SSN and ITIN, mask ###-##-####). */
export function maskSsn(value: string | null | undefined): string | null {
  if (!value) return null;
  return `***-**-${lastFour(value)}`;
}

/** `12-3456789` → `**-***6789` (TIN/EIN, mask ##-#######). */
export function maskTin(value: string | null | undefined): string | null {
  if (!value) return null;
  return `**-***${lastFour(value)}`;
}

export const SSN_PATTERN = /^\d{3}-\d{2}-\d{4}$/;
export const TIN_PATTERN = /^\d{2}-\d{7}$/;
export const ZIP_PATTERN = /^\d{5}$/;

export const MARITAL_STATUS = { single: 1, married: 2 } as const;
