import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentViewer } from '@/components/document-viewer/document-viewer';
import { viewerKindOf } from '@/components/document-viewer/viewer-kind';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { useGetLeadFile, type LeadFile } from '../api/get-lead-file';

/** The file in the viewer: its type is known once fetched (the lead only records the name). */
interface ShownFile {
  id: 'lead-file';
  fileName: string;
  contentType: string;
  blob: Blob;
}

/**
 * A file of the lead (contract or attachment): its name with preview and download. A PDF or picture
 * opens in the in-app viewer; any other type is saved, as the preview route sends it.
 */
export function LeadFileActions({ leadId, file, fileName }: { leadId: number; file: LeadFile; fileName: string }) {
  const { t } = useTranslation();
  const get = useGetLeadFile(leadId);
  const [shown, setShown] = useState<ShownFile | null>(null);

  const open = async () => {
    try {
      const preview = await get.mutateAsync({ file, disposition: 'preview' });
      if (viewerKindOf(preview.blob.type)) {
        setShown({ id: 'lead-file', fileName, contentType: preview.blob.type, blob: preview.blob });
      } else {
        saveFile(preview, fileName);
      }
    } catch {
      notify.error(t('leads.messages.previewError'), { key: 'lead-file' });
    }
  };
  const download = async () => {
    try {
      saveFile(await get.mutateAsync({ file, disposition: 'download' }), fileName);
    } catch {
      notify.error(t('leads.messages.downloadError'), { key: 'lead-file' });
    }
  };

  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{fileName}</Text>
      <Tooltip label={t('leads.actions.preview', { name: fileName })}>
        <ActionIcon
          variant="subtle"
          aria-label={t('leads.actions.preview', { name: fileName })}
          loading={get.isPending && get.variables?.disposition === 'preview'}
          onClick={() => void open()}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('leads.actions.download', { name: fileName })}>
        <ActionIcon
          variant="subtle"
          aria-label={t('leads.actions.download', { name: fileName })}
          loading={get.isPending && get.variables?.disposition === 'download'}
          onClick={() => void download()}
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Tooltip>
      <DocumentViewer
        items={shown ? [shown] : []}
        currentId={shown?.id ?? null}
        onNavigate={() => {}}
        onClose={() => setShown(null)}
        loadFile={async (item) => item.blob}
        onDownload={download}
      />
    </Group>
  );
}
