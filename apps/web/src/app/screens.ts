import type { RouteObject } from 'react-router';
import type { RouteName } from './routes-table';

type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * The screen module of each built route, loaded on demand. A route without an entry shows the
 * coming-soon placeholder with its heading.
 */
export const SCREENS: Partial<Record<RouteName, Lazy>> = {
  ToDo: () => import('./routes/app/to-do').then((m) => ({ Component: m.ToDoRoute })),
  Requests: () => import('./routes/app/requests').then((m) => ({ Component: m.RequestsRoute })),
  Request: () => import('./routes/app/request').then((m) => ({ Component: m.RequestRoute })),
  Messages: () => import('./routes/app/messages').then((m) => ({ Component: m.MessagesRoute })),
  Conversation: () => import('./routes/app/conversation').then((m) => ({ Component: m.ConversationRoute })),
  RequestTemplates: () =>
    import('./routes/app/request-templates').then((m) => ({ Component: m.RequestTemplatesRoute })),
  RequestSchedules: () =>
    import('./routes/app/request-schedules').then((m) => ({ Component: m.RequestSchedulesRoute })),
  Profile: () => import('./routes/app/profile').then((m) => ({ Component: m.ProfileRoute })),
  Users: () => import('./routes/app/users').then((m) => ({ Component: m.UsersRoute })),
  Roles: () => import('./routes/app/roles').then((m) => ({ Component: m.RolesRoute })),
  Services: () => import('./routes/app/services').then((m) => ({ Component: m.ServicesRoute })),
  Tags: () => import('./routes/app/tags').then((m) => ({ Component: m.TagsRoute })),
  Clients: () => import('./routes/app/clients').then((m) => ({ Component: m.ClientsRoute })),
  EditClient: () => import('./routes/app/edit-client').then((m) => ({ Component: m.EditClientRoute })),
  Accounts: () => import('./routes/app/accounts').then((m) => ({ Component: m.AccountsRoute })),
  Invitations: () => import('./routes/app/invitations').then((m) => ({ Component: m.InvitationsRoute })),
  MyUploads: () => import('./routes/app/my-uploads').then((m) => ({ Component: m.MyUploadsRoute })),
  ReceivedDocs: () => import('./routes/app/received-docs').then((m) => ({ Component: m.ReceivedDocsRoute })),
  Document: () => import('./routes/app/document').then((m) => ({ Component: m.DocumentRoute })),
  SharedDocument: () => import('./routes/public/shared-document').then((m) => ({ Component: m.SharedDocumentRoute })),
  Announcements: () => import('./routes/app/announcements').then((m) => ({ Component: m.AnnouncementsRoute })),
  Coupons: () => import('./routes/app/coupons').then((m) => ({ Component: m.CouponsRoute })),
  Bookkeeping: () => import('./routes/app/bookkeeping').then((m) => ({ Component: m.BookkeepingRoute })),
  Companies: () => import('./routes/app/companies').then((m) => ({ Component: m.CompaniesRoute })),
  CompanyDetails: () => import('./routes/app/company-details').then((m) => ({ Component: m.CompanyDetailsRoute })),
  Reconciliations: () => import('./routes/app/reconciliations').then((m) => ({ Component: m.ReconciliationsRoute })),
  MyBookkeeping: () => import('./routes/app/my-bookkeeping').then((m) => ({ Component: m.MyBookkeepingRoute })),
  BankConnections: () => import('./routes/app/bank-connections').then((m) => ({ Component: m.BankConnectionsRoute })),
  ReconciliationTransactions: () =>
    import('./routes/app/transactions').then((m) => ({ Component: m.TransactionsRoute })),
  Leads: () => import('./routes/app/leads').then((m) => ({ Component: m.LeadsRoute })),
  LeadDetails: () => import('./routes/app/lead-details').then((m) => ({ Component: m.LeadDetailsRoute })),
  CompanyFormationResident: () =>
    import('./routes/public/company-formation-resident').then((m) => ({ Component: m.CompanyFormationResidentRoute })),
  CompanyFormationNonResident: () =>
    import('./routes/public/company-formation-non-resident').then((m) => ({
      Component: m.CompanyFormationNonResidentRoute,
    })),
  StartCustomerOnboarding: () =>
    import('./routes/public/customer-onboarding').then((m) => ({ Component: m.CustomerOnboardingRoute })),
  ContinueCustomerOnboarding: () =>
    import('./routes/public/customer-onboarding-continue').then((m) => ({
      Component: m.CustomerOnboardingContinueRoute,
    })),
  TaxPlanning: () => import('./routes/public/tax-planning').then((m) => ({ Component: m.TaxPlanningRoute })),
  Contractors: () => import('./routes/app/contractors').then((m) => ({ Component: m.ContractorsRoute })),
  AuditLog: () => import('./routes/app/audit-log').then((m) => ({ Component: m.AuditLogRoute })),
  Mail: () => import('./routes/app/mail').then((m) => ({ Component: m.MailRoute })),
  Settings: () => import('./routes/app/settings').then((m) => ({ Component: m.SettingsRoute })),
  Register: () => import('./routes/auth/register').then((m) => ({ Component: m.RegisterRoute })),
  ResetPassword: () => import('./routes/auth/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
  ForgotPassword: () => import('./routes/auth/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
};
