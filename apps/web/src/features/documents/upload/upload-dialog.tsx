import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The drop zone and its styles load with the dialog, not with the list screens (DESIGN.md section 7). */
const UploadModal = lazy(() => import('./upload-modal').then((m) => ({ default: m.UploadModal })));

/** The upload dialog (spec 02 sections 3-5): several files, progress per file, the tag rule. */
export interface UploadDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After at least one file was stored: the lists refetch. */
  onUploaded: () => void;
}

export function UploadDialog(props: UploadDialogProps) {
  const { t } = useTranslation();
  // Each opening starts with an empty form and file list; between openings the dialog stays mounted
  // so it can animate out and give focus back to the button that opened it.
  const [opening, setOpening] = useState(0);
  const [wasOpened, setWasOpened] = useState(false);
  if (props.opened !== wasOpened) {
    setWasOpened(props.opened);
    if (props.opened) setOpening((count) => count + 1);
  }
  if (opening === 0) return null;

  const loading = (
    <Modal opened={props.opened} onClose={props.onClose} title={t('documentUpload.title')} size={720} centered>
      <Center py="xl">
        <Loader aria-label={t('documentUpload.loading')} />
      </Center>
    </Modal>
  );
  return (
    <Suspense fallback={loading}>
      <UploadModal key={opening} {...props} />
    </Suspense>
  );
}
