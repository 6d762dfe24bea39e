import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';
import { useToDos } from '../api/get-to-dos';
import { AllCaughtUp, ToDoEntries } from './to-do-entries';

/** The whole To do (the To do screen): loading, error with retry, empty, or every entry. */
export function ToDoList() {
  const { t } = useTranslation();
  const toDos = useToDos();
  if (toDos.isPending) return <PageLoader />;
  if (toDos.isError) {
    return (
      <Alert color="red" title={t('errors.fetch')} maw={560}>
        <Button variant="light" color="red" mt="sm" onClick={() => void toDos.refetch()}>
          {t('errors.retry')}
        </Button>
      </Alert>
    );
  }
  const { items } = toDos.data;
  return (
    <section aria-label={t('toDos.list.label')} style={{ maxWidth: 880 }}>
      {items.length === 0 ? <AllCaughtUp /> : <ToDoEntries items={items} />}
    </section>
  );
}
