import { SERVICE_ICON_MAX_BYTES, SERVICE_ICON_MIME_TYPE, isPngBase64 } from '@ledgerport/shared';
import { Button, FileInput, Group, Image, Stack } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The base64 part of a `data:` URL as FileReader gives it. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export interface ServiceIconInputProps {
  /** Base64 PNG, or null for the default icon. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Reports a file refused here (type, size), so the form can show it under the field. */
  onReject: (message: string) => void;
  error?: string;
}

/**
 * PNG upload with a preview. The file is checked here before it is read (type and size) and its
 * first bytes after reading; the shared schema checks the same again on submit, as the API does.
 */
export function ServiceIconInput({ value, onChange, onReject, error }: ServiceIconInputProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);

  const choose = async (picked: File | null) => {
    if (!picked) {
      setFile(null);
      onChange(null);
      return;
    }
    if (picked.type !== SERVICE_ICON_MIME_TYPE) return onReject(t('services.validation.iconType'));
    if (picked.size > SERVICE_ICON_MAX_BYTES) return onReject(t('services.validation.iconSize'));
    let base64: string;
    try {
      base64 = await readAsBase64(picked);
    } catch {
      return onReject(t('services.messages.iconReadFailed'));
    }
    if (!isPngBase64(base64)) return onReject(t('services.validation.iconType'));
    setFile(picked);
    onChange(base64);
  };

  return (
    <Stack gap="xs">
      <FileInput
        label={t('services.form.icon')}
        description={t('services.form.iconHint')}
        placeholder={t('services.form.iconPlaceholder')}
        accept={SERVICE_ICON_MIME_TYPE}
        leftSection={<IconPhoto size={16} aria-hidden />}
        value={file}
        onChange={(picked) => void choose(picked)}
        error={error}
      />
      {value && (
        <Group gap="sm">
          <Image
            src={`data:${SERVICE_ICON_MIME_TYPE};base64,${value}`}
            alt={t('services.form.iconPreview')}
            w={48}
            h={48}
            fit="contain"
          />
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => void choose(null)}
          >
            {t('services.form.removeIcon')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
