import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  bankAccounts,
  bankInstitutions,
  bankTransactions,
  clientServices,
  contractors,
  leads,
  services,
  transactionCategories,
} from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { insertContractor } from '../modules/contractors/__tests__/contractors-fixtures.js';
import { insertLead } from '../modules/onboarding/__tests__/onboarding-helpers.js';
import { createListedClient } from '../testing/clients-factories.js';
import { createClient, createUser } from '../testing/factories.js';
import { createService } from '../testing/services-factories.js';
import { bearer, signIn, type SignedIn } from '../testing/session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Issue 11 item 6: every .xlsx export keeps user-typed text that looks like a formula as inert text
 * (a leading single quote), while money and other numbers stay numbers the sheet can sum.
 */

/** Each of the characters a spreadsheet reads as the start of a formula, as an attacker would type it. */
const PAYLOADS = ['=HYPERLINK("http://evil","x")', "+cmd|' /C calc'!A0", '@SUM(1+1)', '-2+3'] as const;
const FORMULA_START = /^[=+\-@\t\r]/;

let t: TestApp;
let admin: SignedIn;
let taxEmployee: SignedIn;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(db());
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  taxEmployee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
});
afterAll(() => t.close());

async function exportedSheet(url: string, session: SignedIn = admin): Promise<ExcelJS.Worksheet> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** No cell of the whole sheet (demo rows included) is a formula or text a spreadsheet would run. */
function expectInert(sheet: ExcelJS.Worksheet) {
  let textCells = 0;
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      expect(cell.type, cell.address).not.toBe(ExcelJS.ValueType.Formula);
      if (cell.type === ExcelJS.ValueType.String) {
        textCells += 1;
        expect(cell.value as string, cell.address).not.toMatch(FORMULA_START);
      }
    }),
  );
  expect(textCells).toBeGreaterThan(0);
}

/** The data rows as header → cell, so a test reads a column by the name the user sees. */
function rowsOf(sheet: ExcelJS.Worksheet): Array<Record<string, ExcelJS.Cell>> {
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const rows: Array<Record<string, ExcelJS.Cell>> = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: Record<string, ExcelJS.Cell> = {};
    headers.forEach((header, column) => {
      if (header) cells[header] = row.getCell(column);
    });
    rows.push(cells);
  });
  return rows;
}

function rowWhere(rows: Array<Record<string, ExcelJS.Cell>>, header: string, value: string) {
  const row = rows.find((cells) => cells[header]?.value === value);
  expect(row, `a row with ${header} ${value}`).toBeDefined();
  return row!;
}

/** Quoted once, and otherwise exactly what was typed. */
const quoted = (typed: string) => `'${typed}`;

describe('.xlsx exports neutralise formula injection', () => {
  it('users: names, username, phone number, inviter and advisor', async () => {
    const inviter = await createUser(db(), { role: 'advisor', firstName: '=Inviter', lastName: 'Ives' });
    const advisor = await createUser(db(), { role: 'advisor', firstName: '@Advisor', lastName: 'Avery' });
    for (const [i, payload] of PAYLOADS.entries()) {
      await createUser(db(), {
        firstName: payload,
        lastName: 'Smith',
        username: `${payload[0]}fi_user_${i}`,
        emailAddress: `fi_user_${i}@example.com`,
        phoneNumber: '+1 (555) 010-0000',
        extension: '12',
        inviterUserId: inviter.id,
        advisorUserId: advisor.id,
      });
    }

    const sheet = await exportedSheet('/api/v1/identity/users/export');
    expectInert(sheet);
    const rows = rowsOf(sheet);
    for (const [i, payload] of PAYLOADS.entries()) {
      const row = rowWhere(rows, 'Email address', `fi_user_${i}@example.com`);
      expect(row['Full name']!.value).toBe(quoted(`${payload} Smith`));
      expect(row['Username']!.value).toBe(quoted(`${payload[0]}fi_user_${i}`));
      // A US number is shown in the one US format, which starts with no formula character.
      expect(row['Phone number']!.value).toBe('(555) 010-0000 / 12');
      expect(row['Inviter']!.value).toBe(quoted('=Inviter Ives'));
      expect(row['Advisor']!.value).toBe(quoted('@Advisor Avery'));
    }
    // Text that merely contains the characters further in is left as typed.
    expect(rowWhere(rows, 'Email address', 'b1g1_admin@gmail.com')['Username']!.value).toBe('b1g1_admin');
  });

  it('clients: name, phone number, email address, owner, advisor and services', async () => {
    const owner = await createUser(db(), { firstName: '-Owner', lastName: 'Oakes' });
    const advisor = await createUser(db(), { role: 'advisor', firstName: '+Advisor', lastName: 'Ames' });
    const service = await createService(db(), { displayName: '=Service()' });
    for (const [i, payload] of PAYLOADS.entries()) {
      await createListedClient(t, {
        ownerUserId: owner.id,
        advisorUserId: advisor.id,
        name: payload,
        phoneNumber: '+1 555 0100',
        emailAddress: `@fi_client_${i}@example.com`,
        serviceIds: [service.id],
      });
    }

    const sheet = await exportedSheet('/api/v1/document/clients/export');
    expectInert(sheet);
    const rows = rowsOf(sheet);
    for (const [i, payload] of PAYLOADS.entries()) {
      const row = rowWhere(rows, 'Name', quoted(payload));
      expect(row['Phone number']!.value).toBe(quoted('+1 555 0100'));
      expect(row['Email address']!.value).toBe(quoted(`@fi_client_${i}@example.com`));
      expect(row['Owner']!.value).toBe(quoted('-Owner Oakes'));
      expect(row['Advisor']!.value).toBe(quoted('+Advisor Ames'));
      expect(row['Services']!.value).toBe(quoted('=Service()'));
    }
  });

  it('leads: company, contact, email address and phone number', async () => {
    for (const [i, payload] of PAYLOADS.entries()) {
      const { id } = await insertLead(db(), undefined, payload);
      await db()
        .update(leads)
        .set({
          contactFirstName: '=Fay',
          contactLastName: `Factory${i}`,
          contactEmailAddress: `-fi_lead_${i}@example.com`,
          contactPhoneNumber: '+1 555 0100',
        })
        .where(eq(leads.id, id));
    }

    const sheet = await exportedSheet('/api/v1/document/leads/export');
    expectInert(sheet);
    const rows = rowsOf(sheet);
    for (const [i, payload] of PAYLOADS.entries()) {
      const row = rowWhere(rows, 'Company', quoted(payload));
      expect(row['Contact']!.value).toBe(quoted(`=Fay Factory${i}`));
      expect(row['Email address']!.value).toBe(quoted(`-fi_lead_${i}@example.com`));
      expect(row['Phone number']!.value).toBe(quoted('+1 555 0100'));
    }
  });

  it('contractors: client, name and address, with tax year and money still numbers', async () => {
    const owner = await createUser(db());
    const client = await createClient(db(), { ownerUserId: owner.id, name: '@Client Co' });
    for (const [i, payload] of PAYLOADS.entries()) {
      const id = await insertContractor(db(), { clientId: client.id, name: payload, totalPaymentCents: 123_456 + i });
      await db().update(contractors).set({ addressLine1: '-1 Main Street' }).where(eq(contractors.id, id));
    }

    const sheet = await exportedSheet(`/api/v1/document/contractors/export?clientId=${client.id}`, taxEmployee);
    expectInert(sheet);
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(PAYLOADS.length);
    for (const [i, payload] of PAYLOADS.entries()) {
      const row = rowWhere(rows, 'Business name or full name', quoted(payload));
      expect(row['Client']!.value).toBe(quoted('@Client Co'));
      expect(row['Address']!.value).toBe(quoted('-1 Main Street, Albany, New York, 12207'));
      for (const header of ['Tax year', 'Total payment', 'Service fee']) {
        expect(row[header]!.type, header).toBe(ExcelJS.ValueType.Number);
      }
      expect(row['Total payment']!.value).toBe(1234.56 + i / 100);
    }
  });

  it('bank transactions: name and category, with negative amounts still numbers', async () => {
    const owner = await createUser(db());
    const client = await createClient(db(), { ownerUserId: owner.id });
    const [bookkeeping] = await db().select().from(services).where(eq(services.name, 'bookkeeping'));
    await db().insert(clientServices).values({ clientId: client.id, serviceId: bookkeeping!.id });
    // The sandbox bank's descriptions are fixed, so the rows a real bank could send are written directly.
    const [category] = await db()
      .insert(transactionCategories)
      .values({ code: 'FI_TEST', name: '+Category' })
      .returning();
    const [institution] = await db()
      .insert(bankInstitutions)
      .values({
        clientId: client.id,
        provider: 'sandbox',
        providerItemId: `fi-item-${client.id}`,
        name: 'Formula Bank',
        accessTokenEncrypted: 'unused',
      })
      .returning();
    const [account] = await db()
      .insert(bankAccounts)
      .values({
        institutionId: institution!.id,
        clientId: client.id,
        providerAccountId: 'fi-account',
        subtype: 1,
        name: 'Checking',
        mask: '0000',
      })
      .returning();
    await db()
      .insert(bankTransactions)
      .values(
        PAYLOADS.map((payload, i) => ({
          accountId: account!.id,
          providerTransactionId: `fi-${i}`,
          date: `2026-01-0${i + 1}`,
          name: payload,
          categoryId: category!.id,
          amountCents: -(1250 + i),
        })),
      );

    const sheet = await exportedSheet(
      `/api/v1/document/clients/${client.id}/institution-accounts/${account!.id}/transactions/export`,
    );
    expectInert(sheet);
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(PAYLOADS.length);
    for (const [i, payload] of PAYLOADS.entries()) {
      const row = rowWhere(rows, 'Name', quoted(payload));
      expect(row['Category']!.value).toBe(quoted('+Category'));
      expect(row['Amount']!.type).toBe(ExcelJS.ValueType.Number);
      expect(row['Amount']!.value).toBe(-(12.5 + i / 100));
      expect(row['Type']!.value).toBe('Withdrawal');
    }
  });
});
