import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientServices, notifications, services, transactionQuestions } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createNotificationPublisher } from '../../notifications/index.js';
import { createReconciliationRepository } from '../../reconciliation/index.js';
import { createQuestionReminders } from '../transaction-question-reminders.js';
import { createTransactionQuestionsRepository } from '../transaction-questions.repository.js';
import { insertAccountWithTransactions, markUsedBookkeeping } from './transaction-questions.factories.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon in the zone the runs are told: inside the reminders' hours. */
const NOON = new Date('2026-11-27T12:00:00Z');

let t: TestApp;
let bookkeepingServiceId: number;
const db = () => t.database.db;

function reminders() {
  return createQuestionReminders({
    db: db(),
    repository: createTransactionQuestionsRepository({ db: db() }),
    reconciliation: createReconciliationRepository({ db: db() }),
    notifications: createNotificationPublisher(createJobQueue({ db: db() })),
    timeZone: async () => 'UTC',
  });
}

/** A reconciliation client with its owner and `count` questions asked `daysAgo` days before NOON. */
async function clientWithQuestions(count: number, daysAgo: number) {
  const owner = await createUser(db(), { role: 'client' });
  const client = await createClient(db(), { ownerUserId: owner.id });
  await db().insert(clientServices).values({ clientId: client.id, serviceId: bookkeepingServiceId });
  await markUsedBookkeeping(db(), client.id);
  await chooseCurrentClient(db(), owner.id, client.id);
  const { transactionIds } = await insertAccountWithTransactions(db(), client.id, { count });
  const ids = await db()
    .insert(transactionQuestions)
    .values(
      transactionIds.map((transactionId) => ({
        clientId: client.id,
        transactionId,
        question: 'What was this?',
        askedAt: new Date(NOON.getTime() - daysAgo * DAY_MS),
      })),
    )
    .returning({ id: transactionQuestions.id });
  return { clientId: client.id, ownerUserId: owner.id, questionIds: ids.map((row) => row.id) };
}

async function remindersOf(userId: number) {
  await t.app.worker.drain();
  return db()
    .select({ title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.recipientUserId, userId), eq(notifications.kind, 'transactionQuestionsReminder')));
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(db());
  const [row] = await db().select({ id: services.id }).from(services).where(eq(services.name, 'bookkeeping'));
  bookkeepingServiceId = row!.id;
});
afterAll(async () => t?.close());

describe('reminders of questions waiting on the client', () => {
  it('remind after three days, every three days, three times at most, once per run day', async () => {
    const waiting = await clientWithQuestions(2, 4);
    const fresh = await clientWithQuestions(1, 1);
    const run = reminders();

    expect(await run.runDue(NOON)).toBeGreaterThanOrEqual(1);
    const first = await remindersOf(waiting.ownerUserId);
    expect(first).toEqual([
      {
        title: expect.stringMatching(/^Reminder: 2 questions about bank transactions are waiting for you/),
        link: '/reconciliations?tab=questions',
      },
    ]);
    // Asked a day ago: not yet.
    expect(await remindersOf(fresh.ownerUserId)).toEqual([]);
    // A second run the same day (another worker, the next hour) finds them claimed.
    await run.runDue(new Date(NOON.getTime() + 60 * 60 * 1000));
    expect(await remindersOf(waiting.ownerUserId)).toHaveLength(1);

    // Every three days after, three reminders in all.
    for (const days of [1, 3, 6, 9, 12]) await run.runDue(new Date(NOON.getTime() + days * DAY_MS));
    expect(await remindersOf(waiting.ownerUserId)).toHaveLength(3);
    const [counted] = await db()
      .select({ count: transactionQuestions.reminderCount })
      .from(transactionQuestions)
      .where(eq(transactionQuestions.id, waiting.questionIds[0]!));
    expect(counted!.count).toBe(3);
  });

  it('stop once the question is answered, and wait for the firm day to begin', async () => {
    const answered = await clientWithQuestions(1, 5);
    await db()
      .update(transactionQuestions)
      .set({ status: 'answered' })
      .where(eq(transactionQuestions.id, answered.questionIds[0]!));
    const early = await clientWithQuestions(1, 5);
    const run = reminders();
    // Before REMINDER_SEND_FROM_HOUR (8) in the firm's zone: nothing goes out.
    expect(await run.runDue(new Date('2026-11-27T06:00:00Z'))).toBe(0);
    expect(await remindersOf(early.ownerUserId)).toEqual([]);
    await run.runDue(NOON);
    expect(await remindersOf(answered.ownerUserId)).toEqual([]);
    expect(await remindersOf(early.ownerUserId)).toHaveLength(1);
  });
});
