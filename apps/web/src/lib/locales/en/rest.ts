import { auditLog } from './audit-log';
import { mail } from './mail';
import { contractors } from './contractors';
import { taxPlanning } from './tax-planning';
import { onboarding } from './onboarding';
import { leads } from './leads';
import { reconciliation } from './reconciliation';
import { companies } from './companies';
import { formation } from './formation';
import { payments } from './payments';
import { announcements } from './announcements';
import { bookkeeping } from './bookkeeping';
import { coupons } from './coupons';
import { clients } from './clients';
import { clientEdit } from './client-edit';
import { contract } from './contract';
import { documentUpload } from './document-upload';
import { documents } from './documents';
import { home } from './home';
import { invitations } from './invitations';
import { profile } from './profile';
import { roles } from './roles';
import { services } from './services';
import { tags } from './tags';
import { users } from './users';
import { requests } from './requests';
import { toDos } from './to-dos';
import { requestTemplates } from './request-templates';
import { messages } from './messages';
import { transactionQuestions } from './transaction-questions';

/** Every screen's own texts: loaded with the first screen other than /login (lib/i18n.ts). */
export const enRest = {
  auditLog,
  mail,
  contractors,
  taxPlanning,
  onboarding,
  leads,
  reconciliation,
  companies,
  formation,
  payments,
  announcements,
  bookkeeping,
  coupons,
  clients,
  clientEdit,
  contract,
  documents,
  documentUpload,
  home,
  invitations,
  profile,
  roles,
  services,
  tags,
  users,
  requests,
  toDos,
  requestTemplates,
  messages,
  transactionQuestions,
} as const;
