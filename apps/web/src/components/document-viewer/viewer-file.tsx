import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowAutofitWidth,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfFile, PdfOpener } from './pdf-file';
import { useViewerFile, type ViewerFailure } from './use-viewer-file';
import { useHoverTooltips, useInnerSize } from './use-inner-size';
import { MAX_ZOOM, MIN_ZOOM, PDF_POINT_TO_CSS_PX, shownScale as scaleFor, zoomIn, zoomOut, type Zoom } from './zoom';

export interface ViewerItem {
  /** Stable identity within the list (a document id). */
  id: number | string;
  /** The real file name: the viewer's title. */
  fileName: string;
  /** Shown under the title when it says something else (a document's name in the list). */
  caption?: string;
  contentType: string;
}

interface ViewerFileProps<T extends ViewerItem> {
  item: T;
  loadFile: (item: T, signal: AbortSignal) => Promise<Blob>;
  openPdf: PdfOpener;
  onPreviousItem: (() => void) | undefined;
  onNextItem: (() => void) | undefined;
  onRetry: () => void;
  onDownload: () => void;
  downloading: boolean;
  /**
   * The viewer's keys (pages, zoom) on the whole window: right for the dialog, which has the focus to
   * itself; a file shown within a page (the onboarding contract) leaves Page Up and Page Down to the page.
   */
  windowKeys?: boolean;
}

/** Keys typed into a field are the field's own (none in the viewer today, but a caller may add one). */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** The file's surface has the focus and is wider than its window (zoomed in): ← and → scroll it. */
function scrollsSideways(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.dataset.viewerSurface !== undefined &&
    target.scrollWidth > target.clientWidth
  );
}

/**
 * One file on screen, from loading to shown (or why not), with its page and zoom. Mounted anew for
 * every file and every retry, so page and zoom start over.
 *
 * Keys: Page Up / Page Down turn the PDF's pages; the arrows turn pages too and, past the first or
 * last page (and for a picture), move to the previous or next file of the list; + and - zoom, 0 goes
 * back to the starting zoom.
 */
export function ViewerFile<T extends ViewerItem>(props: ViewerFileProps<T>) {
  const { t } = useTranslation();
  const { item } = props;
  const file = useViewerFile(item, props.loadFile, props.openPdf);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<Zoom>('auto');
  // The scale on screen as a share of the actual size: what Zoom in and Zoom out step from.
  const [shownScale, setShownScale] = useState(1);
  // Fetched and opened, but the page or picture would not draw.
  const [drawFailed, setDrawFailed] = useState(false);
  const failDrawing = useCallback(() => setDrawFailed(true), []);
  const numPages = file.status === 'pdf' ? file.pdf.numPages : 1;
  const zoomable = (file.status === 'pdf' || file.status === 'image') && !drawFailed;

  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    const act = (action: (() => void) | undefined) => {
      if (!action) return;
      event.preventDefault();
      action();
    };
    switch (event.key) {
      case 'PageDown':
        act(page < numPages ? () => setPage(page + 1) : undefined);
        break;
      case 'PageUp':
        act(page > 1 ? () => setPage(page - 1) : undefined);
        break;
      case 'ArrowRight':
        if (scrollsSideways(event.target)) break;
        act(page < numPages ? () => setPage(page + 1) : props.onNextItem);
        break;
      case 'ArrowLeft':
        if (scrollsSideways(event.target)) break;
        act(page > 1 ? () => setPage(page - 1) : props.onPreviousItem);
        break;
      case '+':
      case '=':
        act(zoomable ? () => setZoom(zoomIn(shownScale)) : undefined);
        break;
      case '-':
      case '_':
        act(zoomable ? () => setZoom(zoomOut(shownScale)) : undefined);
        break;
      case '0':
        act(zoomable ? () => setZoom('auto') : undefined);
        break;
    }
  };
  const windowKeys = props.windowKeys ?? true;
  useEffect(() => {
    if (!windowKeys) return;
    const listener = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [windowKeys]);

  if (file.status === 'loading') {
    return (
      <Center flex={1}>
        <Stack align="center" gap="xs">
          <Loader />
          <Text size="sm" c="dimmed">
            {t('documents.viewer.loading', { name: item.fileName })}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (file.status === 'unsupported') {
    return (
      <ViewerMessage
        text={t('documents.viewer.unsupported')}
        onDownload={props.onDownload}
        downloading={props.downloading}
      />
    );
  }
  if (file.status === 'failed' || drawFailed) {
    const failure: ViewerFailure = file.status === 'failed' ? file.failure : 'unreadable';
    return (
      <ViewerMessage
        alert
        text={t(`documents.viewer.failed.${failure}`)}
        onRetry={failure === 'load' ? props.onRetry : undefined}
        onDownload={failure === 'missing' ? undefined : props.onDownload}
        downloading={props.downloading}
      />
    );
  }

  const zoomControls = (
    <Group gap={4} wrap="nowrap">
      <ToolbarButton
        label={t('documents.viewer.zoomOut')}
        disabled={shownScale <= MIN_ZOOM + 0.001}
        onClick={() => setZoom(zoomOut(shownScale))}
      >
        <IconZoomOut size={18} />
      </ToolbarButton>
      <Text size="sm" w="3.5em" ta="center" aria-live="polite">
        <span aria-hidden>{Math.round(shownScale * 100)}%</span>
        <VisuallyHidden>{t('documents.viewer.zoomLevel', { percent: Math.round(shownScale * 100) })}</VisuallyHidden>
      </Text>
      <ToolbarButton
        label={t('documents.viewer.zoomIn')}
        disabled={shownScale >= MAX_ZOOM - 0.001}
        onClick={() => setZoom(zoomIn(shownScale))}
      >
        <IconZoomIn size={18} />
      </ToolbarButton>
      <ToolbarButton
        label={file.status === 'pdf' ? t('documents.viewer.fitWidth') : t('documents.viewer.fitWindow')}
        pressed={zoom === 'fit'}
        onClick={() => setZoom(zoom === 'fit' ? 'auto' : 'fit')}
      >
        <IconArrowAutofitWidth size={18} />
      </ToolbarButton>
    </Group>
  );

  return (
    <>
      <Group
        justify="center"
        gap="md"
        px="sm"
        py={6}
        wrap="wrap"
        role="toolbar"
        aria-label={t('documents.viewer.toolbar')}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {file.status === 'pdf' && (
          <Group gap={4} wrap="nowrap">
            <ToolbarButton
              label={t('documents.viewer.previousPage')}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
              shortcut={windowKeys ? 'PageUp' : undefined}
            >
              <IconChevronLeft size={18} />
            </ToolbarButton>
            <Text size="sm" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
              {t('documents.viewer.page', { page, count: numPages })}
            </Text>
            <ToolbarButton
              label={t('documents.viewer.nextPage')}
              disabled={page >= numPages}
              onClick={() => setPage(page + 1)}
              shortcut={windowKeys ? 'PageDown' : undefined}
            >
              <IconChevronRight size={18} />
            </ToolbarButton>
          </Group>
        )}
        {zoomControls}
      </Group>
      {file.status === 'pdf' ? (
        <PdfPage
          pdf={file.pdf}
          page={page}
          zoom={zoom}
          label={t('documents.viewer.pageImage', { page, count: numPages, name: item.fileName })}
          surfaceLabel={item.fileName}
          onScale={setShownScale}
          onFailed={failDrawing}
        />
      ) : (
        <ImageSurface url={file.url} alt={item.fileName} zoom={zoom} onScale={setShownScale} onFailed={failDrawing} />
      )}
    </>
  );
}

function ToolbarButton({
  label,
  disabled = false,
  pressed,
  shortcut,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  pressed?: boolean;
  shortcut?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const tooltips = useHoverTooltips();
  return (
    <Tooltip label={label} disabled={!tooltips}>
      <ActionIcon
        variant={pressed ? 'light' : 'subtle'}
        size="lg"
        aria-label={label}
        aria-pressed={pressed}
        aria-keyshortcuts={shortcut}
        // Stays focusable when it can do nothing (the last page), so the focus is not lost.
        data-disabled={disabled || undefined}
        aria-disabled={disabled}
        onClick={() => {
          if (!disabled) onClick();
        }}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function ViewerMessage({
  text,
  alert = false,
  onRetry,
  onDownload,
  downloading,
}: {
  text: string;
  alert?: boolean;
  onRetry?: () => void;
  onDownload?: () => void;
  downloading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Center flex={1} p="md">
      <Alert color={alert ? 'red' : 'gray'} variant="light" role={alert ? 'alert' : undefined} maw={520}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{text}</Text>
          <Group gap="sm">
            {onDownload && (
              <Button size="xs" leftSection={<IconDownload size={14} />} loading={downloading} onClick={onDownload}>
                {t('documents.viewer.download')}
              </Button>
            )}
            {onRetry && (
              <Button size="xs" variant="default" onClick={onRetry}>
                {t('documents.viewer.retry')}
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>
    </Center>
  );
}

/**
 * The grey area the file sits on; it scrolls when the file is zoomed past it, so it takes the focus
 * (Tab) to be scrolled without a mouse (WCAG 2.1.1): ↑ and ↓ always, ← and → once the file is wider
 * than it (otherwise they turn pages, as everywhere in the viewer).
 */
function Surface({ children, sizeRef, label }: { children: ReactNode; sizeRef: Ref<HTMLDivElement>; label: string }) {
  return (
    <Box
      ref={sizeRef}
      tabIndex={0}
      role="group"
      aria-label={label}
      data-viewer-surface
      className="mantine-focus-auto"
      flex={1}
      p="md"
      mih={0}
      style={{
        overflow: 'auto',
        background: 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))',
        // Inside the edge: the dialog and the contract's frame clip what is drawn outside it.
        outlineOffset: '-2px',
      }}
    >
      {children}
    </Box>
  );
}

function PdfPage({
  pdf,
  page,
  zoom,
  label,
  surfaceLabel,
  onScale,
  onFailed,
}: {
  pdf: PdfFile;
  page: number;
  zoom: Zoom;
  label: string;
  surfaceLabel: string;
  onScale: (scale: number) => void;
  onFailed: () => void;
}) {
  const { ref, width } = useInnerSize();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pageWidth, setPageWidth] = useState<{ page: number; width: number } | null>(null);

  useEffect(() => {
    let current = true;
    pdf.pageSize(page).then(
      (size) => current && setPageWidth({ page, width: size.width }),
      () => current && onFailed(),
    );
    return () => {
      current = false;
    };
  }, [pdf, page, onFailed]);

  // As a share of the actual size; pdf.js is given CSS pixels per point.
  const fitted = pageWidth && width > 0 ? width / (pageWidth.width * PDF_POINT_TO_CSS_PX) : null;
  const shown = fitted === null ? (typeof zoom === 'number' ? zoom : null) : scaleFor(zoom, fitted, 'pdf');
  useEffect(() => {
    if (shown !== null) onScale(shown);
  }, [shown, onScale]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || shown === null || pageWidth?.page !== page) return;
    let current = true;
    const render = pdf.renderPage(page, canvas, shown * PDF_POINT_TO_CSS_PX);
    render.promise.catch(() => {
      // A render stopped because the page or zoom changed is not a failure.
      if (current) onFailed();
    });
    return () => {
      current = false;
      render.cancel();
    };
  }, [pdf, page, shown, pageWidth, onFailed]);

  return (
    <Surface sizeRef={ref} label={surfaceLabel}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        style={{ display: 'block', margin: '0 auto', background: 'white', boxShadow: 'var(--mantine-shadow-sm)' }}
      />
    </Surface>
  );
}

function ImageSurface({
  url,
  alt,
  zoom,
  onScale,
  onFailed,
}: {
  url: string;
  alt: string;
  zoom: Zoom;
  onScale: (scale: number) => void;
  onFailed: () => void;
}) {
  const { ref, width, height } = useInnerSize();
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  // Fitted: the whole picture in view.
  const fitted = natural && width > 0 && height > 0 ? Math.min(width / natural.width, height / natural.height) : null;
  const shown = fitted === null ? (typeof zoom === 'number' ? zoom : null) : scaleFor(zoom, fitted, 'image');
  useEffect(() => {
    if (shown !== null) onScale(shown);
  }, [shown, onScale]);

  return (
    <Surface sizeRef={ref} label={alt}>
      <img
        src={url}
        alt={alt}
        onLoad={(event) =>
          setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
        }
        onError={onFailed}
        style={{
          display: 'block',
          margin: '0 auto',
          maxWidth: shown === null ? '100%' : 'none',
          width: natural && shown !== null ? natural.width * shown : undefined,
          height: 'auto',
        }}
      />
    </Surface>
  );
}
