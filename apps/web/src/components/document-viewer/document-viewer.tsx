import { ActionIcon, Box, Button, Group, Modal, Text, Tooltip, VisuallyHidden, useMatches } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPdf } from './load-pdf';
import type { PdfOpener } from './pdf-file';
import { useHoverTooltips } from './use-inner-size';
import { ViewerFile, type ViewerItem } from './viewer-file';

export type { ViewerItem } from './viewer-file';

export interface DocumentViewerProps<T extends ViewerItem> {
  /** The list the preview was opened from, in its order on screen: Previous and Next walk it. */
  items: readonly T[];
  /** The item on screen; null when the viewer is closed. */
  currentId: T['id'] | null;
  onNavigate: (id: T['id']) => void;
  onClose: () => void;
  /** The file's bytes, fetched with the session (the preview route). */
  loadFile: (item: T, signal: AbortSignal) => Promise<Blob>;
  /** Saves the file under its real name (the download route); shows its own message on failure. */
  onDownload: (item: T) => Promise<void>;
  /** Opens a PDF's bytes: pdf.js, loaded on first use; the unit tests pass a stand-in (happy-dom has no canvas). */
  openPdf?: PdfOpener;
}

/**
 * The in-app viewer (issue 25 item 3): PDF through pdf.js and pictures, titled with the file's real
 * name, with Previous and Next across the list it was opened from and Download. Any other type, and
 * a file it cannot show, gets a message and Download. Full screen on a phone.
 */
export function DocumentViewer<T extends ViewerItem>({
  items,
  currentId,
  onNavigate,
  onClose,
  loadFile,
  onDownload,
  openPdf = loadPdf,
}: DocumentViewerProps<T>) {
  const { t } = useTranslation();
  const phone = useMatches({ base: true, sm: false });
  const tooltips = useHoverTooltips();
  const index = currentId === null ? -1 : items.findIndex((item) => item.id === currentId);
  const item = index >= 0 ? items[index] : undefined;
  const previous = index > 0 ? items[index - 1] : undefined;
  const next = index >= 0 && index < items.length - 1 ? items[index + 1] : undefined;
  // A retry mounts the file afresh, which loads it again.
  const [attempt, setAttempt] = useState(0);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (!item || downloading) return;
    setDownloading(true);
    try {
      await onDownload(item);
    } finally {
      setDownloading(false);
    }
  };
  const go = (target: T | undefined) => {
    if (target) onNavigate(target.id);
  };
  const position = item ? { index: index + 1, count: items.length } : null;

  return (
    <Modal.Root
      opened={item !== undefined}
      onClose={onClose}
      fullScreen={phone}
      size="min(100rem, 100%)"
      yOffset="2dvh"
      xOffset="2vw"
      // Arrow keys and Escape belong to the viewer; the file fills the height, so the body never scrolls.
      styles={{
        content: {
          display: 'flex',
          flexDirection: 'column',
          height: phone ? '100dvh' : '96dvh',
          maxHeight: phone ? '100dvh' : '96dvh',
        },
        body: { flex: 1, minHeight: 0, padding: 0, display: 'flex', flexDirection: 'column' },
      }}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header
          style={{ gap: 'var(--mantine-spacing-sm)', borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Box flex={1} miw={0}>
            <Modal.Title>
              {/* Two lines before it is cut: the real name is the point of the title. */}
              <Text component="span" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {item?.fileName}
              </Text>
            </Modal.Title>
            {item?.caption && item.caption !== item.fileName && (
              <Text size="xs" c="dimmed" truncate="end">
                {item.caption}
              </Text>
            )}
          </Box>
          {position && items.length > 1 && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t('documents.viewer.previousDocument')} disabled={!tooltips}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('documents.viewer.previousDocument')}
                  // Stays focusable at the first item, so the focus is not lost to the page.
                  data-disabled={!previous || undefined}
                  aria-disabled={!previous}
                  onClick={() => go(previous)}
                >
                  <IconChevronLeft size={20} />
                </ActionIcon>
              </Tooltip>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} aria-hidden>
                {t('documents.viewer.position', position)}
              </Text>
              <Tooltip label={t('documents.viewer.nextDocument')} disabled={!tooltips}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('documents.viewer.nextDocument')}
                  data-disabled={!next || undefined}
                  aria-disabled={!next}
                  onClick={() => go(next)}
                >
                  <IconChevronRight size={20} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
          {phone ? (
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('documents.viewer.download')}
              loading={downloading}
              onClick={() => void download()}
            >
              <IconDownload size={20} />
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={() => void download()}
            >
              {t('documents.viewer.download')}
            </Button>
          )}
          <Modal.CloseButton aria-label={t('documents.viewer.close')} size="lg" />
        </Modal.Header>
        <Modal.Body>
          {item && position && (
            <>
              {/* Said when Previous or Next brings another file: the title alone changes silently. */}
              <VisuallyHidden role="status">
                {items.length > 1
                  ? t('documents.viewer.announce', { name: item.fileName, ...position })
                  : item.fileName}
              </VisuallyHidden>
              <ViewerFile
                key={`${String(item.id)}:${attempt}`}
                item={item}
                loadFile={loadFile}
                openPdf={openPdf}
                onPreviousItem={previous ? () => go(previous) : undefined}
                onNextItem={next ? () => go(next) : undefined}
                onRetry={() => setAttempt((value) => value + 1)}
                onDownload={() => void download()}
                downloading={downloading}
              />
            </>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
