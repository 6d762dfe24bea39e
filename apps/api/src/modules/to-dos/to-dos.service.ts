import {
  currentTaxYear,
  hasPermission,
  isOverdue,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  TO_DO_KIND,
  todayIn,
  type ToDo,
  type ToDoList,
} from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf } from '../clients/index.js';
import type { createAnnouncementsRepository } from '../announcements/index.js';
import { contractorScopeOf, type createContractorsRepository } from '../contractors/index.js';
import type { createLeadsRepository } from '../leads/index.js';
import { reconciliationScopeOf, type ReconciliationRepository } from '../reconciliation/index.js';
import { requestScopeOf, type createRequestsRepository } from '../requests/index.js';
import type { TransactionQuestionsRepository } from '../transaction-questions/index.js';

const empty = { detail: null, dueDate: null, isOverdue: false, requestId: null, itemId: null, returnNote: null };

/** 2025-03-04 → 03/04/2025, the way the To do shows dates. */
function usDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

function dollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

export type ToDosService = ReturnType<typeof createToDosService>;

/**
 * One list of what waits on a client user for their current client (issue 20 item 7): the items of
 * open requests, then announcements to confirm, the 1099 filing fee of the current tax year, and an
 * unfinished onboarding. Each part is read through its own module's scope, so nothing outside what
 * the user may see reaches the list.
 */
export function createToDosService({
  requests,
  announcements,
  contractors,
  leads,
  questions,
  reconciliation,
  timeZone,
  now = () => new Date(),
}: {
  requests: ReturnType<typeof createRequestsRepository>;
  announcements: ReturnType<typeof createAnnouncementsRepository>;
  contractors: ReturnType<typeof createContractorsRepository>;
  leads: ReturnType<typeof createLeadsRepository>;
  questions: Pick<TransactionQuestionsRepository, 'waiting'>;
  reconciliation: Pick<ReconciliationRepository, 'connectionsNeedingAction'>;
  timeZone: (tx?: DbOrTx) => Promise<string>;
  now?: () => Date;
}) {
  async function requestItems(caller: Principal, today: string): Promise<ToDo[]> {
    const rows = await requests.itemsAwaitingClient(requestScopeOf(caller));
    return rows.map((row) => ({
      ...empty,
      kind: TO_DO_KIND.requestItem,
      title: row.itemTitle,
      detail: row.requestTitle,
      dueDate: row.dueDate,
      isOverdue: isOverdue(row.dueDate, REQUEST_STATUS.open, today),
      link: `/requests/${row.requestId}`,
      requestId: row.requestId,
      itemId: row.itemId,
      returnNote: row.status === REQUEST_ITEM_STATUS.returned ? row.returnNote : null,
    }));
  }

  async function announcementsToConfirm(caller: Principal): Promise<ToDo[]> {
    const rows = await announcements.findUnconfirmed(clientScopeOf(caller));
    return rows
      .filter((row) => row.clientId === caller.currentClientId)
      .map((row) => ({ ...empty, kind: TO_DO_KIND.announcement, title: row.title, link: '/' }));
  }

  async function contractorFee(caller: Principal): Promise<ToDo[]> {
    const scope = await contractorScopeOf(caller, contractors);
    if (!scope || scope.clientId === null) return [];
    const { unpaidFeeCents } = await contractors.payableSummary(scope, { taxYear: currentTaxYear() });
    if (unpaidFeeCents <= 0) return [];
    return [
      {
        ...empty,
        kind: TO_DO_KIND.contractorFee,
        title: 'Pay the 1099 filing fee',
        detail: dollars(unpaidFeeCents),
        link: '/1099-form',
      },
    ];
  }

  /** Reconciliation's scope, from the client the principal already carries. */
  function reconciliationScope(caller: Principal) {
    return reconciliationScopeOf(caller, { currentClientIdOf: async () => caller.currentClientId });
  }

  async function transactionQuestions(caller: Principal): Promise<ToDo[]> {
    const clientId = caller.currentClientId;
    if (clientId === null) return [];
    const rows = await questions.waiting(await reconciliationScope(caller), clientId);
    return rows.map((row) => ({
      ...empty,
      kind: TO_DO_KIND.transactionQuestion,
      title: `Question about ${row.transactionName} on ${usDate(row.transactionDate)}`,
      link: `/reconciliations?clientId=${row.clientId}&tab=questions&questionId=${row.id}`,
      // The firm's note when it asked again, as a returned request item shows its note.
      returnNote: row.askedAgainNote,
    }));
  }

  async function bankConnections(caller: Principal): Promise<ToDo[]> {
    const clientId = caller.currentClientId;
    if (clientId === null) return [];
    const rows = await reconciliation.connectionsNeedingAction(await reconciliationScope(caller), { clientId });
    return rows.map((row) => ({
      ...empty,
      kind: TO_DO_KIND.bankConnection,
      title: `Reconnect ${row.institutionName}`,
      link: `/reconciliations?clientId=${row.clientId}`,
    }));
  }

  async function onboarding(caller: Principal): Promise<ToDo[]> {
    const linked = await leads.findLinkedToUser(caller.userId);
    if (!linked || linked.isLeadOnboardingCompleted) return [];
    return [{ ...empty, kind: TO_DO_KIND.onboarding, title: 'Finish setting up your account', link: '/' }];
  }

  return {
    async list(caller: Principal): Promise<ToDoList> {
      if (!caller.isClient) return { items: [], totalCount: 0 };
      const today = todayIn(await timeZone(), now());
      // A part shows only to someone who may open where it is done (roles are data: a firm may take
      // requests or the 1099 Form away from its clients).
      const may = (permission: string) => hasPermission(caller.permissions, permission);
      const parts = await Promise.all([
        may('request:list') ? requestItems(caller, today) : [],
        announcementsToConfirm(caller),
        may('contractor:pay') ? contractorFee(caller) : [],
        may('reconciliation:question:answer') ? transactionQuestions(caller) : [],
        // Reconnecting is adding the account again in the provider's update mode.
        may('reconciliation:add-account') ? bankConnections(caller) : [],
        onboarding(caller),
      ]);
      const items = parts.flat();
      return { items, totalCount: items.length };
    },
  };
}
