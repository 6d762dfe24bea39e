import { NOTIFICATION_KIND } from '@ledgerport/shared';
import type { NotificationEvent } from './notification-events.js';

/** Longer than a bell's line needs; the e-mail shows the same text. */
const TITLE_MAX = 200;
const NAME_MAX = 80;

/**
 * Names people typed (a file, a request, an item) go into a line that is shown in the bell and sent
 * by e-mail, so what looks like a secret is masked on the way in: an e-mail address goes; a Social
 * Security number, an EIN, a card number or a run of eight digits or more (an account or routing
 * number) keeps only its last four digits. Years and form numbers ("2025 1099-NEC") stay as typed.
 */
export function masked(value: string): string {
  return value
    .replace(/[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+/g, '[e-mail]')
    .replace(/\b\d{4}(?:[ -]\d{4}){3}\b/g, (card) => `****${card.slice(-4)}`)
    .replace(/\b\d{3}[- ]?\d{2}[- ]?(\d{4})\b/g, '***-**-$1')
    .replace(/\b\d{2}-\d{3}(\d{4})\b/g, '**-***$1')
    .replace(/\d{8,}/g, (run) => `****${run.slice(-4)}`);
}

function shortened(value: string, max: number): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** A name someone typed, safe and short enough for one line. */
function named(value: string): string {
  return shortened(masked(value), NAME_MAX);
}

function quoted(value: string): string {
  return `“${named(value)}”`;
}

/** "W-2.pdf", "W-2.pdf and 1 more", "W-2.pdf and 3 more". */
function documentsPhrase(documents: ReadonlyArray<{ name: string }>): string {
  const first = named(documents[0]!.name);
  return documents.length === 1 ? first : `${first} and ${documents.length - 1} more`;
}

/**
 * The one line each recipient reads, in the bell and in e-mail. Staff read the client's name first;
 * client users read who at the firm did it.
 */
export function titleOf(event: NotificationEvent, names: { client: string; actor: string | null }): string {
  const client = shortened(names.client, NAME_MAX);
  const firm = names.actor === null ? 'the firm' : shortened(names.actor, NAME_MAX);
  let title: string;
  switch (event.kind) {
    case NOTIFICATION_KIND.documentUploaded:
      title = `${client} uploaded ${documentsPhrase(event.documents)}`;
      break;
    case NOTIFICATION_KIND.documentReceived:
      title =
        event.documents.length === 1
          ? `New document from ${firm}: ${documentsPhrase(event.documents)}`
          : `${event.documents.length} new documents from ${firm}: ${documentsPhrase(event.documents)}`;
      break;
    case NOTIFICATION_KIND.requestCreated:
      title = `New request from ${firm}: ${named(event.requestTitle)}`;
      break;
    case NOTIFICATION_KIND.requestItemSubmitted:
      title =
        event.fileCount === null
          ? `${client} answered ${quoted(event.itemTitle)} on ${named(event.requestTitle)}`
          : `${client} uploaded ${event.fileCount === 1 ? 'a file' : `${event.fileCount} files`} for ` +
            `${quoted(event.itemTitle)} on ${named(event.requestTitle)}`;
      break;
    case NOTIFICATION_KIND.requestItemNotApplicable:
      title = `${client} marked ${quoted(event.itemTitle)} not applicable on ${named(event.requestTitle)}`;
      break;
    case NOTIFICATION_KIND.requestItemReturned:
      title = `${quoted(event.itemTitle)} needs another look: returned by ${firm} on ${named(event.requestTitle)}`;
      break;
    case NOTIFICATION_KIND.requestCompleted:
      title = `${client} completed ${named(event.requestTitle)}`;
      break;
    case NOTIFICATION_KIND.announcementAcknowledged:
      title = `${client} acknowledged ${quoted(event.announcementTitle)}`;
      break;
    case NOTIFICATION_KIND.contractorFeePaid:
      title = `${client} paid the 1099 filing fee${event.taxYear === null ? '' : ` for ${event.taxYear}`}`;
      break;
    case NOTIFICATION_KIND.reminder:
      title =
        `Reminder: ${event.itemCount === 1 ? '1 item is' : `${event.itemCount} items are`} waiting for you` +
        (event.overdueCount > 0 ? ` (${event.overdueCount} overdue)` : '');
      break;
    case NOTIFICATION_KIND.transactionQuestionsAsked:
      title = event.askedAgain
        ? `Your firm asked again about a bank transaction (${client})`
        : event.questionIds.length === 1
          ? `Your firm has a question about a bank transaction (${client})`
          : `Your firm has ${event.questionIds.length} questions about bank transactions (${client})`;
      break;
    case NOTIFICATION_KIND.transactionQuestionsReminder:
      title =
        event.questionIds.length === 1
          ? `Reminder: a question about a bank transaction is waiting for you (${client})`
          : `Reminder: ${event.questionIds.length} questions about bank transactions are waiting for you (${client})`;
      break;
    case NOTIFICATION_KIND.transactionQuestionAnswered:
      title = `${client} answered the question about ${quoted(event.transactionName)}`;
      break;
    case NOTIFICATION_KIND.bankConnectionNeedsAction:
      title =
        event.connectionState === 'pending-expiration'
          ? `The connection to ${quoted(event.institutionName)} expires soon: reconnect it (${client})`
          : `The connection to ${quoted(event.institutionName)} needs to be reconnected (${client})`;
      break;
    // Neither the text nor the subject: the line goes out by e-mail, and a message may hold anything.
    case NOTIFICATION_KIND.messageReceived:
      title = event.isInternalNote
        ? `${names.actor === null ? 'Someone' : shortened(names.actor, NAME_MAX)} added an internal note for ${client}`
        : `A secure message from ${names.actor === null ? client : shortened(names.actor, NAME_MAX)} is waiting` +
          (names.actor === null ? '' : ` (${client})`);
      break;
  }
  return shortened(title, TITLE_MAX);
}

/** The web app's path of what the notification is about (apps/web/src/app/routes-table.ts). */
export function linkOf(event: NotificationEvent): string | null {
  switch (event.kind) {
    case NOTIFICATION_KIND.documentUploaded:
    case NOTIFICATION_KIND.documentReceived:
      // One document opens itself; several open the list they arrived on (Received docs on both sides).
      return event.documents.length === 1 ? `/documents/${event.documents[0]!.id}` : '/received-docs';
    case NOTIFICATION_KIND.requestCreated:
    case NOTIFICATION_KIND.requestItemSubmitted:
    case NOTIFICATION_KIND.requestItemNotApplicable:
    case NOTIFICATION_KIND.requestItemReturned:
    case NOTIFICATION_KIND.requestCompleted:
      return `/requests/${event.requestId}`;
    case NOTIFICATION_KIND.contractorFeePaid:
      return '/1099-form';
    case NOTIFICATION_KIND.reminder:
      return '/to-do';
    case NOTIFICATION_KIND.messageReceived:
      return `/messages/${event.conversationId}`;
    // The Questions tab: a client user's own client; staff the one named.
    case NOTIFICATION_KIND.transactionQuestionsAsked:
    case NOTIFICATION_KIND.transactionQuestionsReminder:
      return '/reconciliations?tab=questions';
    case NOTIFICATION_KIND.transactionQuestionAnswered:
      return `/reconciliations?clientId=${event.clientId}&tab=questions`;
    // Where the client reconnects and staff see the state; the web app picks the client (theirs, or the one named).
    case NOTIFICATION_KIND.bankConnectionNeedsAction:
      return `/reconciliations?clientId=${event.clientId}`;
    case NOTIFICATION_KIND.announcementAcknowledged:
      // The acknowledgements list is the administrators' screen; the advisor has nothing to open.
      return null;
  }
}
