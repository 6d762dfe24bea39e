/**
 * Tags grouped by tag group with the main-group rule of spec 02 section 4 (shared/documents/tag-selection).
 * Used by the upload and the edit dialogs.
 */
export interface TagPickerProps {
  /** Tags are offered once a service is chosen. */
  serviceId: number | null;
  value: number[];
  onChange: (tagIds: number[]) => void;
  /** Shown under the picker (e.g. the first tag-rule problem). */
  error?: string;
  disabled?: boolean;
}

export function TagPicker(_props: TagPickerProps) {
  return null;
}
