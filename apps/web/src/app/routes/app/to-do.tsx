import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { ToDoList } from '@/features/requests/to-dos/to-do-list';

/** Everything waiting on the signed-in client user, each entry linking to where it is done (issue 20). */
export function ToDoRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('nav.toDo')}</PageTitle>
      <ToDoList />
    </>
  );
}
