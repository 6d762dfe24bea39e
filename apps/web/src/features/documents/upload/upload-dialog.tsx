/** The upload dialog (spec 02 sections 3-5): several files, progress per file, the tag rule. */
export interface UploadDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After at least one file was stored: the lists refetch. */
  onUploaded: () => void;
}

export function UploadDialog(_props: UploadDialogProps) {
  return null;
}
