import { auditLog } from './audit-log';
import { mail } from './mail';
import { contractors } from './contractors';
import { taxPlanning } from './tax-planning';
import { onboarding } from './onboarding';
import { companies } from './companies';
import { formation } from './formation';
import { payments } from './payments';
import { coupons } from './coupons';
import { clients } from './clients';
import { clientEdit } from './client-edit';
import { documentUpload } from './document-upload';
import { roles } from './roles';
import { services } from './services';
import { tags } from './tags';
import { users } from './users';
import { requests } from './requests';
import { requestTemplates } from './request-templates';
import { messages } from './messages';
import { transactionQuestions } from './transaction-questions';

/**
 * The other screens' texts: loaded with the first screen other than /login and Home (lib/i18n.ts
 * `loadAllTexts`).
 */
export const enRest = {
  auditLog,
  mail,
  contractors,
  taxPlanning,
  onboarding,
  companies,
  formation,
  payments,
  coupons,
  clients,
  clientEdit,
  documentUpload,
  roles,
  services,
  tags,
  users,
  requests,
  requestTemplates,
  messages,
  transactionQuestions,
} as const;
