import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { PageTitle } from '@/components/ui/page-title';
import { useClientForEdit } from '@/features/clients/edit/api/get-client';
import { FollowClientButton } from '@/features/clients/components/follow-client-button';
import { ClientEditForm } from '@/features/clients/edit/components/client-edit-form';
import { isEditableClientType, type EditableClientType } from '@/features/clients/edit/lib/client-form-values';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { href } from '../../routes-table';

/** Spec 02: Edit client. A client that does not exist (404 on load) sends the user back to Clients. */
export function EditClientRoute() {
  const { clientType, id } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const clientId = Number(id);
  const valid = isEditableClientType(clientType) && Number.isInteger(clientId) && clientId > 0;

  useEffect(() => {
    if (valid) return;
    notify.error(t('clientEdit.messages.notFound'), { key: 'client-edit-load' });
    void navigate(href('Clients'), { replace: true });
  }, [valid, navigate, t]);

  if (!valid) return null;
  return <EditClientScreen clientType={clientType} id={clientId} />;
}

function EditClientScreen({ clientType, id }: { clientType: EditableClientType; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useClientForEdit(clientType, id);
  const notFound = client.isError && isApiError(client.error, 404);

  useEffect(() => {
    if (!notFound) return;
    notify.error(t('clientEdit.messages.notFound'), { key: 'client-edit-load' });
    void navigate(href('Clients'), { replace: true });
  }, [notFound, navigate, t]);

  const backToClients = () => void navigate(href('Clients'));

  return (
    <>
      <PageTitle>{t('clientEdit.title')}</PageTitle>
      {client.isPending || notFound ? (
        <PageLoader />
      ) : client.isError ? (
        <Alert color="red" title={t('clientEdit.messages.fetchError')} maw={560}>
          <Button variant="light" color="red" mt="sm" onClick={() => void client.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <Group justify="space-between" mt={-8} mb="lg" wrap="wrap">
            <Text c="dimmed">{client.data.name}</Text>
            <FollowClientButton clientId={client.data.id} clientName={client.data.name} />
          </Group>
          <ClientEditForm key={client.data.id} clientType={clientType} client={client.data} onDone={backToClients} />
        </>
      )}
    </>
  );
}
