import { useTranslation } from 'react-i18next';

/** What a question's 412 says, the same on the client's answer and the firm's resolve or ask again. */
export function useQuestionConflictTexts() {
  const { t } = useTranslation();
  return {
    title: t('transactionQuestions.conflict.title'),
    kept: t('common.conflict.kept'),
    takeTheirs: t('transactionQuestions.conflict.takeTheirs'),
    overwrite: t('transactionQuestions.conflict.overwrite'),
  };
}
