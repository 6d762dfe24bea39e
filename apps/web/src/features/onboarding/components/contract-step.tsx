import { leadContractFileName, type PublicLeadDto } from '@ledgerport/shared';
import { Alert, Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { useContractPreview, useDownloadContract } from '../api/get-contract';
import { useUpdateLeadStep } from '../api/update-lead-step';
import { useReloadAfterConflict } from '../api/use-step-conflict';

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
}: {
  lead: PublicLeadDto;
  onSaved: () => void;
  onPrevious: () => void;
}) {
  const { t } = useTranslation();
  const preview = useContractPreview(lead.idHash);
  const url = useObjectUrl(preview.data?.blob);
  const download = useDownloadContract(lead.idHash);
  const update = useUpdateLeadStep(lead.idHash);

  const save = async () => {
    try {
      const file = await download.mutateAsync();
      saveFile(file, leadContractFileName(lead.generalInfo?.legalCompanyName ?? '', new Date()));
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
      {preview.isError ? (
        <Alert color="red">{t('onboarding.errors.leadLoad')}</Alert>
      ) : url ? (
        <Box
          component="iframe"
          src={url}
          title={t('onboarding.contract.frameTitle')}
          w="100%"
          h={560}
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
        />
      ) : (
        <Center h={200}>
          <Loader aria-label={t('app.loading')} />
        </Center>
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
