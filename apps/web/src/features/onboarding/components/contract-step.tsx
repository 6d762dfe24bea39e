import { leadContractFileName, type PublicLeadDto } from '@ledgerport/shared';
import { Alert, Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPdf } from '@/components/document-viewer/load-pdf';
import { ViewerFile } from '@/components/document-viewer/viewer-file';
import type { PdfOpener } from '@/components/document-viewer/pdf-file';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { loadContractPreview, useContractPreview, useDownloadContract } from '../api/get-contract';
import { useUpdateLeadStep } from '../api/update-lead-step';
import { useReloadAfterConflict } from '../api/use-step-conflict';

/**
 * Whether the browser shows a PDF inside the page: desktop browsers do; Chrome on Android does not (it
 * offers a frame's PDF as a download named after the blob), nor does a browser set to download PDFs.
 */
function browserShowsPdfs(): boolean {
  return typeof navigator !== 'undefined' && navigator.pdfViewerEnabled === true;
}

/** The contract in a frame, for the browser's own PDF viewer. */
function ContractFrame({ idHash, version }: { idHash: string; version: string }) {
  const { t } = useTranslation();
  const preview = useContractPreview(idHash, version);
  const url = useObjectUrl(preview.data);
  if (preview.isError) return <Alert color="red">{t('onboarding.errors.leadLoad')}</Alert>;
  if (!url) {
    return (
      <Center h={200}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  return (
    <Box
      component="iframe"
      src={url}
      title={t('onboarding.contract.frameTitle')}
      w="100%"
      h={560}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
    />
  );
}

/** An object URL for the blob, revoked when it changes or the step closes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** Step 4: the generated contract, shown and downloadable; accepting it moves on (spec 03 section 7). */
export function ContractStep({
  lead,
  onSaved,
  onPrevious,
  openPdf = loadPdf,
}: {
  lead: PublicLeadDto;
  onSaved: () => void;
  onPrevious: () => void;
  /** pdf.js, loaded on first use; component tests pass a stand-in (happy-dom has no canvas). */
  openPdf?: PdfOpener;
}) {
  const { t } = useTranslation();
  const fileName = leadContractFileName(lead.generalInfo?.legalCompanyName ?? '', new Date());
  // A retry mounts the viewer afresh, which fetches the contract again.
  const [attempt, setAttempt] = useState(0);
  // Decided once: the browser's own viewer where it has one (its text is there for screen readers,
  // find and selection; the app's viewer draws pictures of the pages), the app's where it has none.
  const [inlinePdf] = useState(browserShowsPdfs);
  const download = useDownloadContract(lead.idHash);
  const update = useUpdateLeadStep(lead.idHash);

  const save = async () => {
    try {
      const file = await download.mutateAsync();
      saveFile(file, fileName);
    } catch {
      notify.error(t('onboarding.errors.contractDownload'), { key: 'onboarding-contract-download' });
    }
  };

  const reload = useReloadAfterConflict(lead.idHash);
  const accept = async () => {
    try {
      // The version of the lead whose contract this window shows: never accept one it did not show.
      await update.mutateAsync({ step: 'contract', version: lead.version });
      onSaved();
    } catch (error) {
      if (await reload.catchStale(error)) return;
      notify.error(t('onboarding.errors.contract'), { key: 'onboarding-step' });
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Text>{t('onboarding.contract.intro')}</Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          onClick={() => void save()}
        >
          {t('onboarding.actions.downloadContract')}
        </Button>
      </Group>
      {reload.reloaded && (
        <Alert color="orange" variant="light" role="alert" title={t('onboarding.conflict.title')}>
          {t('onboarding.conflict.contractReloaded')}
        </Alert>
      )}
      {lead.contractDate && <Text size="sm">{t('onboarding.contract.date', { date: lead.contractDate })}</Text>}
      {inlinePdf ? (
        <ContractFrame idHash={lead.idHash} version={lead.version} />
      ) : (
        <Box
          h={{ base: '70dvh', sm: 560 }}
          style={{
            display: 'flex',
            flexDirection: 'column',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
            overflow: 'hidden',
          }}
        >
          <ViewerFile
            // A lead reloaded after a conflict has another contract: fetch it anew.
            key={`${lead.version}:${attempt}`}
            item={{ id: lead.idHash, fileName, contentType: 'application/pdf' }}
            loadFile={(_, signal) => loadContractPreview(lead.idHash, signal)}
            openPdf={openPdf}
            onPreviousItem={undefined}
            onNextItem={undefined}
            onRetry={() => setAttempt((value) => value + 1)}
            onDownload={() => void save()}
            downloading={download.isPending}
            windowKeys={false}
          />
        </Box>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onPrevious}>
          {t('onboarding.actions.previous')}
        </Button>
        <Button loading={update.isPending} onClick={() => void accept()}>
          {t('onboarding.actions.next')}
        </Button>
      </Group>
    </Stack>
  );
}
