import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';
import type { RequestContext } from '../../lib/request-context.js';

export const AUDIT_ACTION = {
  signInSucceeded: 'auth.sign-in.succeeded',
  signInFailed: 'auth.sign-in.failed',
  signInThrottled: 'auth.sign-in.throttled',
  signOut: 'auth.sign-out',
  refreshTokenReused: 'auth.refresh-token.reused',
  tagGroupCreated: 'tag-group.created',
  tagGroupUpdated: 'tag-group.updated',
  tagGroupDeleted: 'tag-group.deleted',
  tagGroupsReordered: 'tag-group.reordered',
  tagCreated: 'tag.created',
  tagUpdated: 'tag.updated',
  tagDeleted: 'tag.deleted',
  tagActivated: 'tag.activated',
  tagDeactivated: 'tag.deactivated',
  invitationSent: 'invitation.sent',
  invitationRegistered: 'invitation.registered',
  registrationThrottled: 'invitation.registration.throttled',
  passwordChanged: 'auth.password.changed',
  passwordChangeFailed: 'auth.password.change-failed',
  passwordResetRequested: 'auth.password-reset.requested',
  passwordResetCompleted: 'auth.password-reset.completed',
  userCreated: 'user.created',
  userUpdated: 'user.updated',
  userRoleChanged: 'user.role-changed',
  userActivated: 'user.activated',
  userDeactivated: 'user.deactivated',
  userPasswordReset: 'user.password-reset',
  usersExported: 'user.exported',
  roleCreated: 'role.created',
  roleUpdated: 'role.updated',
  roleDeleted: 'role.deleted',
  serviceCreated: 'service.created',
  serviceUpdated: 'service.updated',
  serviceDeleted: 'service.deleted',
  serviceActivated: 'service.activated',
  serviceDeactivated: 'service.deactivated',
  collaboratorActivated: 'account.collaborator.activated',
  collaboratorDeactivated: 'account.collaborator.deactivated',
  collaborationLeft: 'account.collaboration.left',
  clientUpdated: 'client.updated',
  clientSensitiveRevealed: 'client.sensitive-revealed',
  clientCreated: 'client.created',
  clientActivated: 'client.activated',
  clientDeactivated: 'client.deactivated',
  clientDeleted: 'client.deleted',
  clientsExported: 'client.exported',
  clientsEmailed: 'client.emailed',
  documentsUploaded: 'document.uploaded',
  documentViewed: 'document.viewed',
  documentPreviewed: 'document.previewed',
  documentDownloaded: 'document.downloaded',
  /** One event per document inside a zip download. */
  documentZipped: 'document.zip-downloaded',
  documentUpdated: 'document.updated',
  documentDeleted: 'document.deleted',
  documentStatusChanged: 'document.status-changed',
  documentCommented: 'document.commented',
  documentShared: 'document.shared',
  documentShareRevoked: 'document.share-revoked',
  /** Someone without a portal account downloaded through a share link. */
  documentShareDownloaded: 'document.share-downloaded',
  announcementCreated: 'announcement.created',
  announcementActivated: 'announcement.activated',
  announcementDeactivated: 'announcement.deactivated',
  announcementAcknowledged: 'announcement.acknowledged',
  couponCreated: 'coupon.created',
  couponActivated: 'coupon.activated',
  couponDeactivated: 'coupon.deactivated',
  bookkeepingUpdated: 'bookkeeping.updated',
  paymentIntentCreated: 'payment.intent-created',
  paymentSucceeded: 'payment.succeeded',
  paymentFailed: 'payment.failed',
  paymentEventRejected: 'payment.event-rejected',
  companySubmitted: 'company.submitted',
  companyViewed: 'company.viewed',
  passportDownloaded: 'company.passport-downloaded',
  bankLinkCreated: 'reconciliation.link-created',
  bankAccountsLinked: 'reconciliation.accounts-linked',
  bankSyncRequested: 'reconciliation.sync-requested',
  bankSyncCompleted: 'reconciliation.sync-completed',
  transactionsExported: 'reconciliation.transactions-exported',
  transactionQuestionAsked: 'reconciliation.question.asked',
  transactionQuestionAnswered: 'reconciliation.question.answered',
  transactionQuestionResolved: 'reconciliation.question.resolved',
  transactionQuestionAskedAgain: 'reconciliation.question.asked-again',
  leadCreated: 'lead.created',
  leadUpdated: 'lead.updated',
  leadAccountCreated: 'lead.account-created',
  leadViewed: 'lead.viewed',
  leadsDeleted: 'lead.deleted',
  leadsExported: 'lead.exported',
  leadBillingInfoSaved: 'lead.billing-info-saved',
  leadOnboardingCompleted: 'lead.onboarding-completed',
  leadFileDownloaded: 'lead.file-downloaded',
  contractorCreated: 'contractor.created',
  contractorUpdated: 'contractor.updated',
  contractorDeleted: 'contractor.deleted',
  contractorCompleted: 'contractor.completed',
  contractorOpened: 'contractor.opened',
  contractorsExported: 'contractor.exported',
  contractorsPaymentStarted: 'contractor.payment-started',
  sessionRevoked: 'auth.session.revoked',
  auditExported: 'audit.exported',
  mfaEnrolled: 'auth.two-factor.enrolled',
  mfaDisabled: 'auth.two-factor.disabled',
  mfaReset: 'auth.two-factor.reset',
  mfaChallengeFailed: 'auth.two-factor.challenge-failed',
  mfaRecoveryCodeUsed: 'auth.two-factor.recovery-code-used',
  mfaRecoveryCodesRegenerated: 'auth.two-factor.recovery-codes-regenerated',
  settingsChanged: 'settings.changed',
  notificationPreferencesChanged: 'notification-preferences.changed',
  mailResent: 'mail.resent',
  mailBodyViewed: 'mail.body-viewed',
  requestCreated: 'request.created',
  requestUpdated: 'request.updated',
  requestCancelled: 'request.cancelled',
  requestCompleted: 'request.completed',
  requestItemUploaded: 'request.item.uploaded',
  requestItemAnswered: 'request.item.answered',
  requestItemNotApplicable: 'request.item.not-applicable',
  requestItemAccepted: 'request.item.accepted',
  requestItemReturned: 'request.item.returned',
  requestReminded: 'request.reminded',
  requestTemplateCreated: 'request-template.created',
  requestTemplateUpdated: 'request-template.updated',
  requestTemplateDeleted: 'request-template.deleted',
  requestScheduleCreated: 'request-schedule.created',
  requestScheduleUpdated: 'request-schedule.updated',
  requestScheduleDeleted: 'request-schedule.deleted',
  conversationStarted: 'conversation.started',
  /** Status or assignee; also a closed conversation reopened by a client's message. */
  conversationUpdated: 'conversation.updated',
  messageSent: 'conversation.message.sent',
  /** Carries the earlier text, encrypted as it was stored. */
  messageEdited: 'conversation.message.edited',
} as const;
export type AuditAction = (typeof AUDIT_ACTION)[keyof typeof AUDIT_ACTION];

export interface AuditEventInput {
  action: AuditAction;
  actorUserId?: number | null;
  objectType?: string;
  objectId?: string | number;
  clientId?: number;
  details?: Record<string, unknown>;
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** Append-only: there is deliberately no update or delete here. */
export function createAuditLog({ db }: { db: DbOrTx }) {
  const row = (context: RequestContext, event: AuditEventInput) => ({
    action: event.action,
    actorUserId: event.actorUserId ?? null,
    objectType: event.objectType ?? null,
    objectId: event.objectId === undefined ? null : String(event.objectId),
    clientId: event.clientId ?? null,
    details: event.details ?? null,
    ipAddress: context.ipAddress,
    userAgent: context.userAgent,
    requestId: context.requestId,
  });
  return {
    async record(context: RequestContext, event: AuditEventInput, tx: DbOrTx = db): Promise<void> {
      await tx.insert(auditEvents).values(row(context, event));
    },

    /** Several events in one insert: a 100-document zip must start streaming within 200 ms. */
    async recordMany(context: RequestContext, events: AuditEventInput[], tx: DbOrTx = db): Promise<void> {
      if (events.length === 0) return;
      await tx.insert(auditEvents).values(events.map((event) => row(context, event)));
    },
  };
}
