import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, TEXT_LIMIT } from './constants.js';

/** Query strings arrive as text: accept "true"/"false" as well as booleans. */
export const booleanQuery = z.preprocess((value) => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}, z.boolean());

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

/** The common list query: every list pages and sorts on the server. */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  sortedBy: z.string().trim().max(TEXT_LIMIT.name).optional(),
  sortedDesc: booleanQuery.optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalCount: z.number().int().nonnegative() });
}
export interface Paged<T> {
  items: T[];
  totalCount: number;
}

/** Dropdown option: value is always a string. */
export const dropdownOptionSchema = z.object({ value: z.string(), displayText: z.string() });
export type DropdownOption = z.infer<typeof dropdownOptionSchema>;
