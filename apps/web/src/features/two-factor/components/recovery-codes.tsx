import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/lib/save-file';

/** The recovery codes, shown once right after they are made: copy, download, then confirm. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  return (
    <Stack gap="sm">
      <Alert color="yellow" title={t('security.twoFactor.recoveryTitle')}>
        {t('security.twoFactor.recoveryHelp')}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" aria-label={t('security.twoFactor.recoveryTitle')} p={0} m={0}>
        {codes.map((code) => (
          <Text component="li" key={code} style={{ listStyle: 'none' }}>
            <Code fz="md">{code}</Code>
          </Text>
        ))}
      </SimpleGrid>
      <Group>
        <Button
          variant="light"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('security.twoFactor.copied') : t('security.twoFactor.copyCodes')}
        </Button>
        <Button
          variant="light"
          onClick={() =>
            saveFile(
              { blob: new Blob([text], { type: 'text/plain' }), fileName: 'ledgerport-recovery-codes.txt' },
              'ledgerport-recovery-codes.txt',
            )
          }
        >
          {t('security.twoFactor.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('security.twoFactor.savedThem')}</Button>
      </Group>
    </Stack>
  );
}
