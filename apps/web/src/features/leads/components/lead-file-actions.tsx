import { ActionIcon, Box, Group, Image, Modal, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { useGetLeadFile, type LeadFile } from '../api/get-lead-file';

/** The open preview: the blob's URL, revoked when the preview closes. */
function PreviewModal({ file, name, onClose }: { file: DownloadedFile | null; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const next = URL.createObjectURL(file.blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  const title = t('leads.details.previewTitle', { name });
  return (
    <Modal opened={file !== null} onClose={onClose} title={title} size="xl">
      {url && file?.blob.type.startsWith('image/') ? (
        <Image src={url} alt={name} />
      ) : url ? (
        <Box component="iframe" src={url} title={title} w="100%" h="70vh" style={{ border: 0 }} />
      ) : null}
    </Modal>
  );
}

/** A file of the lead (contract or attachment): its name with preview and download. */
export function LeadFileActions({ leadId, file, fileName }: { leadId: number; file: LeadFile; fileName: string }) {
  const { t } = useTranslation();
  const get = useGetLeadFile(leadId);
  const [preview, setPreview] = useState<DownloadedFile | null>(null);

  const open = async () => {
    try {
      setPreview(await get.mutateAsync({ file, disposition: 'preview' }));
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
      <PreviewModal file={preview} name={fileName} onClose={() => setPreview(null)} />
    </Group>
  );
}
