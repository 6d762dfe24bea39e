import { LEAD_ATTACHMENT_TYPES, LEAD_DOCUMENT_FIELDS } from '@ledgerport/shared';
import { Button, Checkbox, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useUploadLeadDocuments, type LeadDocumentKey, type LeadDocumentsInput } from '../api/upload-lead-documents';

const KEYS = Object.keys(LEAD_DOCUMENT_FIELDS) as LeadDocumentKey[];
const EMPTY: LeadDocumentsInput = {
  taxReturn: { file: null, later: false },
  employerIdentificationNumber: { file: null, later: false },
  articleOfIncorporation: { file: null, later: false },
};

/**
 * Step 2 of the dialog: the three documents, each required unless "upload later" is ticked; a file
 * and the tick exclude each other (spec 01 section 4.4).
 */
export function DocumentsStep({ onCompleted }: { onCompleted: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadLeadDocuments();
  const [values, setValues] = useState<LeadDocumentsInput>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const missing = (key: LeadDocumentKey) => !values[key].later && !values[key].file;

  const set = (key: LeadDocumentKey, value: LeadDocumentsInput[LeadDocumentKey]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async () => {
    setSubmitted(true);
    if (KEYS.some(missing)) return;
    try {
      await upload.mutateAsync(values);
      onCompleted();
    } catch (error) {
      const message = isApiError(error, 413)
        ? t('leads.onboarding.messages.tooLarge')
        : isApiError(error, 415)
          ? t('leads.onboarding.messages.unsupportedType')
          : t('leads.onboarding.messages.documentsError');
      notify.error(message, { key: 'lead-onboarding' });
    }
  };

  return (
    <Stack>
      <Text size="sm">{t('leads.onboarding.documents.intro')}</Text>
      {KEYS.map((key) => (
        <Stack key={key} gap={6}>
          <FileInput
            label={t(`leads.onboarding.documents.${key}`)}
            placeholder={t('leads.onboarding.documents.choose')}
            leftSection={<IconUpload size={16} aria-hidden />}
            accept={LEAD_ATTACHMENT_TYPES.join(',')}
            clearable
            required={!values[key].later}
            value={values[key].file}
            // Picking a file clears the "later" tick.
            onChange={(file) => set(key, { file, later: false })}
            error={submitted && missing(key) ? t('common.validation.required') : undefined}
          />
          <Checkbox
            label={t('leads.onboarding.documents.uploadLater', {
              name: t(`leads.onboarding.documents.${key}`),
            })}
            checked={values[key].later}
            // Ticking "later" drops the chosen file.
            onChange={(event) => set(key, { file: null, later: event.currentTarget.checked })}
          />
        </Stack>
      ))}
      <Group justify="flex-end">
        <Button loading={upload.isPending} onClick={() => void submit()}>
          {t('leads.onboarding.actions.complete')}
        </Button>
      </Group>
    </Stack>
  );
}
