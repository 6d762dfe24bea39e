import { core } from './core';
import { auditLog } from './audit-log';
import { mail } from './mail';
import { security } from './security';
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
import { common } from './common';
import { contract } from './contract';
import { documentUpload } from './document-upload';
import { documents } from './documents';
import { home } from './home';
import { invitations } from './invitations';
import { password } from './password';
import { profile } from './profile';
import { roles } from './roles';
import { services } from './services';
import { tags } from './tags';
import { users } from './users';
import { requests } from './requests';
import { toDos } from './to-dos';
import { requestTemplates } from './request-templates';
import { notifications } from './notifications';
import { messages } from './messages';
import { transactionQuestions } from './transaction-questions';

/**
 * The one English catalogue: every text the user can see lives here, so wording the firm's users
 * already know (DESIGN.md section 7) is changed in one place and browser tests can rely on it.
 * Each area keeps its texts in its own file under its own top-level key.
 */
export const en = {
  ...core,
  auditLog,
  mail,
  security,
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
  common,
  contract,
  documents,
  documentUpload,
  home,
  invitations,
  password,
  profile,
  roles,
  services,
  tags,
  users,
  requests,
  toDos,
  requestTemplates,
  notifications,
  messages,
  transactionQuestions,
} as const;

export type Catalogue = typeof en;
