import type { DropdownOption } from '@ledgerport/shared';

export interface SelectItem {
  value: string;
  label: string;
}

/** The API's dropdown options as Mantine `data`; stable, so it can be a query's `select`. */
export function toSelectData(options: readonly DropdownOption[]): SelectItem[] {
  return options.map((option) => ({ value: option.value, label: option.displayText }));
}

/** Services (or any id/displayName record) as Mantine `data`. */
export function servicesToSelectData(services: ReadonlyArray<{ id: number; displayName: string }>): SelectItem[] {
  return services.map((service) => ({ value: String(service.id), label: service.displayName }));
}
