import type { BookkeepingClientDto } from '@ledgerport/shared';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Switch, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface ChooseClientModalProps {
  opened: boolean;
  clients: readonly BookkeepingClientDto[] | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedClientId: number | null;
  onChoose: (clientId: number) => void;
  onClose: () => void;
}

/**
 * Spec 03 Reconciliations page: staff pick the business client whose accounts they work on, among
 * those that use or used bookkeeping; "Currently using bookkeeping" narrows the list and is on at first.
 */
export function ChooseClientModal(props: ChooseClientModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('reconciliation.client.chooserTitle')} centered>
      {/* Mounted only while open, so each opening starts from the filter's default. */}
      {props.opened && <ChooseClientForm {...props} />}
    </Modal>
  );
}

function ChooseClientForm({
  clients,
  isLoading,
  isError,
  selectedClientId,
  onChoose,
  onClose,
}: ChooseClientModalProps) {
  const { t } = useTranslation();
  const [onlyCurrent, setOnlyCurrent] = useState(true);
  const isOffered = (client: BookkeepingClientDto | undefined, current: boolean) =>
    client !== undefined && (!current || client.currentlyUsingBookkeepingService);
  const [value, setValue] = useState<string | null>(() => {
    const chosen = clients?.find((client) => client.id === selectedClientId);
    return isOffered(chosen, true) ? String(selectedClientId) : null;
  });
  const [error, setError] = useState<string | null>(null);

  if (isLoading) return <Loader aria-label={t('app.loading')} />;
  if (isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('errors.fetch')}
      </Alert>
    );
  }
  if (!clients || clients.length === 0) {
    return (
      <Stack gap="md">
        <Text>{t('reconciliation.client.noClients')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reconciliation.client.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const offered = clients.filter((client) => isOffered(client, onlyCurrent));
  const toggle = (checked: boolean) => {
    setOnlyCurrent(checked);
    // Spec 03: switching the filter on drops a choice the filter now hides.
    const chosen = clients.find((client) => String(client.id) === value);
    if (checked && chosen && !chosen.currentlyUsingBookkeepingService) setValue(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setError(t('common.validation.required'));
      return;
    }
    onChoose(Number(value));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label={t('reconciliation.client.currentlyUsing')}
          checked={onlyCurrent}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
        <Select
          label={t('reconciliation.client.field')}
          placeholder={t('reconciliation.client.placeholder')}
          data={offered.map((client) => ({ value: String(client.id), label: client.name }))}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          searchable
          clearable
          withAsterisk
          error={error}
          nothingFoundMessage={t('reconciliation.client.noCurrentClients')}
          comboboxProps={{ withinPortal: true }}
        />
        {offered.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('reconciliation.client.noCurrentClients')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reconciliation.client.cancel')}
          </Button>
          <Button type="submit">{t('reconciliation.client.choose')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
