#!/usr/bin/env node
/**
 * `npm run seed:large`: a large firm for the benchmarks (issue 12, DESIGN.md section 10), generated in
 * SQL (`INSERT ... SELECT generate_series`) so a million documents take minutes, not the hours the API
 * would. At scale 1: 200 staff, 50,000 clients (25,000 client users owning two each, a collaborator on
 * every fourth), 1,000,000 documents with valid tags and 200,000 comments, 2,000 leads, 200,000 bank
 * transactions (half of them on one account, for the 100k-row export), and 24 months of bookkeeping rows
 * for every bookkeeping client; then the lists of issue 26 (`seedLists`): 100,000 requests with 300,000
 * items, 165,000 notifications (5,000 of them the demo admin's), 25,000 conversations with 100,000
 * messages, 2,000 transaction questions, 100 bank connections needing action, 5,000 companies and about
 * 190,000 contractors. Then VACUUM ANALYZE, as autovacuum would have done on a live database.
 *
 * Target: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ledgerport_bench_large; created when
 * missing), or PGlite under DATA_DIR when DATA_DIR is given without DATABASE_URL. The app's migrations and
 * demo seed run first, through the built API. A database that already holds the large firm gets only the
 * lists it lacks (a firm seeded before issue 26), or is left as it is; --recreate (PostgreSQL) drops and
 * creates it again.
 *
 * Usage: node bench/seed-large.mjs [--scale 0.01] [--recreate]
 * Every generated user (staff `bench_staff_N`, clients `bench_client_N`, e-mail `<username>@bench.example`)
 * signs in with the password Bench1; their one argon2 hash is computed once and shared.
 */
import { parseArgs } from 'node:util';
import {
  BENCH_ENCRYPTION_KEY,
  BENCH_PASSWORD,
  describeTarget,
  ensurePostgresDatabase,
  importApi,
  openDatabase,
  resolveTarget,
} from './support/database.mjs';
import { LIST_PARTS, missingListParts } from './support/large-firm.mjs';

const { values: args } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, recreate: { type: 'boolean', default: false } },
});
const scale = Number(args.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale takes a number in (0, 1].');

const sized = (full, min) => Math.max(min, Math.round(full * scale));
const COUNTS = {
  staff: sized(200, 10),
  clients: sized(50_000, 30),
  documents: sized(1_000_000, 300),
  leads: sized(2_000, 10),
  transactions: sized(200_000, 200),
  accounts: sized(500, 2),
};
COUNTS.clientUsers = Math.ceil(COUNTS.clients / 2);
// At most one account per bookkeeping client (every third), the big one included.
COUNTS.accounts = Math.min(COUNTS.accounts, Math.floor((COUNTS.clients - 1) / 3));

// Deterministic text: a generated firm reads like a real one and is the same every time.
const words = (list) => `array[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
const FIRST = words(
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Carlos Nancy'.split(
    ' ',
  ),
);
const LAST = words(
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson'.split(
    ' ',
  ),
);
const TRADE = words(
  'Bakery Plumbing Consulting Logistics Dental Studio Motors Farms Roofing Catering Imports Media Realty Fitness Landscaping Printing Tailors Design Cleaning Hardware Pharmacy Books Coffee Electric Builders'.split(
    ' ',
  ),
);
const CITIES = words(
  'Springfield Riverside Franklin Greenville Bristol Clinton Fairview Salem Madison Georgetown Arlington Ashland Dover Oxford Jackson'.split(
    ' ',
  ),
);
const DOC_NAMES = words([
  'W-2',
  '1099-NEC',
  'Bank statement',
  'Invoice',
  'Receipt',
  'Payroll summary',
  'Profit and loss',
  'Balance sheet',
  'IRS notice',
  'Business license',
  'Lease agreement',
  '1040 return',
]);
const COMMENTS = words([
  'Please check the totals.',
  'Uploaded the corrected version.',
  'Is this the final copy?',
  'Received, thank you.',
  'Missing the second page.',
  'Filed with the return.',
]);
const MERCHANTS = words(
  'Amazon Staples Shell Uber Delta Costco Comcast Verizon Walmart Target Starbucks FedEx UPS Adobe Google Microsoft Home-Depot Lowes Chevron Payroll'.split(
    ' ',
  ),
);
const BANKS = words(['First Platypus Bank', 'Tartan Bank', 'Houndstooth Bank', 'Gingham Credit Union', 'Tweed Trust']);
const phone = (g) => `'(555) ' || lpad((200 + ${g} % 800)::text, 3, '0') || '-' || lpad((${g} % 10000)::text, 4, '0')`;
const intArray = (ids) => `array[${ids.map(Number).join(',')}]::int[]`;

const target = resolveTarget();
const timings = [];
async function step(label, work) {
  const started = Date.now();
  const result = await work();
  const seconds = (Date.now() - started) / 1000;
  timings.push({ step: label, seconds });
  process.stdout.write(`${label.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s\n`);
  return result;
}

async function main() {
  const allStarted = Date.now();
  process.stdout.write(`Seeding a large firm (scale ${scale}) into ${describeTarget(target)}\n`);
  if (target.kind === 'postgres') await ensurePostgresDatabase(target, { recreate: args.recreate });
  const { database, query } = await openDatabase(target);
  let lists;
  try {
    await step('migrations and demo firm', async () => {
      const { seedDemoFirm } = await importApi('db/seed/demo.js');
      await database.migrate();
      await seedDemoFirm(database.db);
    });
    const [{ n: already }] = await query(`select count(*)::int as n from users where username like 'bench\\_%'`);
    const { createFieldCrypto } = await importApi('lib/field-crypto.js');
    const fieldCrypto = createFieldCrypto(Buffer.from(BENCH_ENCRYPTION_KEY, 'base64url'));
    if (already > 0) {
      // A firm seeded before the lists of issue 26 gets them; one that has them is left as it is.
      const missing = await missingListParts(query);
      if (missing.length === 0) {
        process.stdout.write(`The large firm is already there (${already} generated users); nothing to do.\n`);
        process.stdout.write('Pass --recreate (PostgreSQL) or use a new DATA_DIR to seed again.\n');
        return;
      }
      process.stdout.write(`The large firm is there (${already} generated users); adding ${missing.join(', ')}.\n`);
      if (target.kind === 'postgres') await query('set synchronous_commit = off');
      await step('positions of the generated rows', async () => {
        await tempClientUsers(query);
        await tempClients(query, await serviceIds(query));
        await tempAccounts(query);
      });
      lists = await seedLists(query, fieldCrypto, missing);
    } else {
      if (target.kind === 'postgres') await query('set synchronous_commit = off');
      const hash = await step('one argon2 hash for every generated user', async () => {
        const { hashPassword } = await importApi('lib/passwords.js');
        return hashPassword(BENCH_PASSWORD);
      });
      await seed(query, hash);
      lists = await seedLists(
        query,
        fieldCrypto,
        LIST_PARTS.map((part) => part.name),
      );
    }
    await step('vacuum analyze', () => query('vacuum analyze'));
  } finally {
    await database.close();
  }
  const total = (Date.now() - allStarted) / 1000;
  process.stdout.write(`${'total'.padEnd(44)} ${total.toFixed(1).padStart(7)} s\n`);
  process.stdout.write(
    `${JSON.stringify({ scale, target: describeTarget(target), counts: COUNTS, lists, seconds: total })}\n`,
  );
}

/**
 * The generated rows by position, as every step joins them: client users by `k`, clients by `idx` (with
 * the services the generator gave them), bank accounts by `j`. Made right after each is inserted, or all
 * at once from the rows when the lists are added to a firm seeded earlier (the same order, so the same
 * positions).
 */
async function tempClientUsers(query) {
  await query(`create temp table bench_cu as
               select (row_number() over (order by id) - 1)::int as k, id from users where username like 'bench\\_client\\_%'`);
  await query('alter table bench_cu add primary key (k)');
}

async function tempClients(query, serviceId) {
  // Even: business; every third has bookkeeping, every fifth payroll, all tax (see the clients step).
  await query(`
    create temp table bench_cl as
    select (row_number() over (order by id) - 1)::int as idx, id, owner_user_id, null::int[] as svcs
    from clients where email_address like 'client%@bench.example'`);
  await query(`update bench_cl set svcs = array_remove(array[${serviceId.tax},
                 case when idx % 3 = 0 then ${serviceId.bookkeeping} end,
                 case when idx % 5 = 0 then ${serviceId.payroll} end], null)`);
  await query('alter table bench_cl add primary key (idx)');
  await query('analyze bench_cl');
}

async function tempAccounts(query) {
  await query(`
    create temp table bench_acct as
    select substring(i.provider_item_id from 12)::int as j, a.id, a.client_id, i.id as institution_id
    from bank_accounts a join bank_institutions i on i.id = a.institution_id
    where i.provider_item_id like 'bench-item-%'`);
}

async function serviceIds(query) {
  return Object.fromEntries((await query('select id, name from services')).map((r) => [r.name, Number(r.id)]));
}

async function seed(query, hash) {
  const ids = async (text) => (await query(text)).map((r) => Number(r.id));
  const roleId = Object.fromEntries((await query('select id, name from roles')).map((r) => [r.name, Number(r.id)]));
  const serviceId = await serviceIds(query);
  const departmentIds = await ids('select id from departments order by id');
  const stateIds = await ids('select id from states order by id');
  const firstAdmin = (await ids(`select id from users where username = 'b1g1_admin'`))[0];
  const { staff, clients: N, clientUsers: CU, documents: D } = COUNTS;
  const A = Math.max(1, Math.round(staff * 0.025));
  const S = Math.max(1, Math.round(staff * 0.075));
  const V = Math.max(1, Math.round(staff * 0.3));

  await step(`staff users (${staff})`, async () => {
    await query(`
      insert into users (first_name, last_name, username, email_address, phone_number, extension, password_hash,
                         department_id, inviter_user_id, created_at)
      select (${FIRST})[1 + g % 20], (${LAST})[1 + (g / 20) % 30], 'bench_staff_' || g,
             'bench_staff_' || g || '@bench.example', ${phone('g')},
             case when g > ${A + S} and g <= ${A + S + V} then (1000 + g)::text end, '${hash}',
             case when g > ${A + S + V} then (${intArray(departmentIds)})[1 + g % ${departmentIds.length}] end,
             ${firstAdmin}, now() - (g % 1000) * interval '1 day'
      from generate_series(1, ${staff}) g`);
    await query(`
      insert into user_roles (user_id, role_id)
      select id, case when n <= ${A} then ${roleId.admin} when n <= ${A + S} then ${roleId.supervisor}
                      when n <= ${A + S + V} then ${roleId.advisor} else ${roleId.employee} end
      from (select id, substring(username from 13)::int as n from users where username like 'bench\\_staff\\_%') u`);
  });
  const staffOf = (role) =>
    ids(`select u.id from users u join user_roles ur on ur.user_id = u.id
         where u.username like 'bench\\_staff\\_%' and ur.role_id = ${roleId[role]} order by u.id`);
  const supervisors = await staffOf('supervisor');
  const advisors = await staffOf('advisor');
  const allStaff = await ids(`select id from users where username like 'bench\\_staff\\_%' order by id`);
  const ADV = intArray(advisors);
  const STAFF = intArray(allStaff);
  await query(`
    update users u set supervisor_user_id = (${intArray(supervisors)})[1 + u.id % ${supervisors.length}]
    from user_roles ur where ur.user_id = u.id and ur.role_id = ${roleId.advisor} and u.username like 'bench\\_staff\\_%'`);

  await step(`client users (${CU})`, async () => {
    await query(`
      insert into users (first_name, last_name, username, email_address, phone_number, password_hash,
                         advisor_user_id, inviter_user_id, created_at)
      select (${FIRST})[1 + (g / 3) % 20], (${LAST})[1 + (g / 7) % 30], 'bench_client_' || g,
             'bench_client_' || g || '@bench.example', ${phone('g')}, '${hash}',
             (${ADV})[1 + g % ${advisors.length}], (${ADV})[1 + g % ${advisors.length}],
             now() - (g % 1095) * interval '1 day'
      from generate_series(1, ${CU}) g`);
    await query(`insert into user_roles (user_id, role_id)
                 select id, ${roleId.client} from users where username like 'bench\\_client\\_%'`);
    await tempClientUsers(query);
  });

  await step(`clients with services and collaborators (${N})`, async () => {
    // Even: business; odd: personal ("First Last" in name, as the app stores it). Every third has
    // bookkeeping, every fifth payroll, all tax; one in fifty is inactive.
    await query(`
      insert into clients (client_type, name, owner_user_id, advisor_user_id, used_bookkeeping_service_at_least_once,
                           trade_name, website, first_name, last_name, marital_status, email_address, phone_number,
                           address_line1, city, state_id, zip_code, is_active, created_at, updated_at)
      select case when g % 2 = 0 then 1 else 2 end,
             case when g % 2 = 0 then (${LAST})[1 + (g / 7) % 30] || ' ' || (${TRADE})[1 + g % 25] || ' ' || (g / 2) || ' LLC'
                  else (${FIRST})[1 + (g / 3) % 20] || ' ' || (${LAST})[1 + (g / 11) % 30] end,
             cu.id, (${ADV})[1 + g % ${advisors.length}], g % 3 = 0,
             case when g % 2 = 0 then (${TRADE})[1 + g % 25] || ' ' || (g / 2) end,
             case when g % 2 = 0 then 'https://client' || g || '.bench.example' end,
             case when g % 2 = 1 then (${FIRST})[1 + (g / 3) % 20] end,
             case when g % 2 = 1 then (${LAST})[1 + (g / 11) % 30] end,
             case when g % 2 = 1 then 1 + (g / 2) % 2 end,
             'client' || g || '@bench.example', ${phone('g')}, (1 + g % 9000) || ' Main Street',
             (${CITIES})[1 + g % 15], (${intArray(stateIds)})[1 + g % ${stateIds.length}],
             lpad((g % 100000)::text, 5, '0'), g % 50 <> 49,
             now() - (g % 1095) * interval '1 day', now() - (g % 30) * interval '1 day'
      from generate_series(0, ${N - 1}) g join bench_cu cu on cu.k = g % ${CU}`);
    await tempClients(query, serviceId);
    await query(`insert into client_services (client_id, service_id) select id, unnest(svcs) from bench_cl`);
    if (CU >= 2) {
      await query(`
        insert into client_collaborators (client_id, user_id)
        select cl.id, cu.id from bench_cl cl join bench_cu cu on cu.k = (cl.idx + 1) % ${CU} where cl.idx % 4 = 0`);
      await query(`
        insert into client_collaborator_services (client_id, user_id, service_id)
        select cc.client_id, cc.user_id, cs.service_id
        from client_collaborators cc join bench_cl cl on cl.id = cc.client_id
        join client_services cs on cs.client_id = cc.client_id`);
    }
    await query(`
      update users u set current_client_id = c.id
      from (select owner_user_id, min(id) as id from bench_cl group by 1) c
      where u.id = c.owner_user_id`);
  });

  const fileId = await step(`documents (${D})`, async () => {
    // One stored file shared by every generated document: lists never open it (the harness uploads
    // real files for the download and zip scenarios).
    const [file] = await ids(`
      insert into stored_files (storage_key, file_name, content_type, size, sha256)
      values ('documents/bench/shared', 'bench.pdf', 'application/pdf', 1024, repeat('0', 64)) returning id`);
    // Two thirds received (the client's side, created by the owner), a third sent by staff; spread over
    // two years; one in ten carries two comments.
    await query(`
      insert into documents (display_name, client_id, service_id, status, uploaded_by_client_side, creator_user_id,
                             file_id, number_of_comments, created_at, updated_at)
      select (${DOC_NAMES})[1 + g % 12] || ' ' || (2024 + g % 3) || ' #' || g,
             cl.id, cl.svcs[1 + (g / ${N}) % array_length(cl.svcs, 1)], 1 + g % 3, g % 3 < 2,
             case when g % 3 < 2 then cl.owner_user_id else (${STAFF})[1 + g % ${allStaff.length}] end,
             ${file}, case when g % 10 = 0 then 2 else 0 end, s.t, s.t
      from (select g, now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second' as t
            from generate_series(0, ${D - 1}) g) s
      join bench_cl cl on cl.idx = s.g % ${N}`);
    return file;
  });

  await step('document tags (main tag + the groups it activates)', async () => {
    // A main tag that applies to the document's service, then one tag of each group that main tag
    // makes required (a year for a tax return; a quarter and a year for a bank statement).
    await query(`
      create temp table bench_tag_pick as
      select ts.service_id, (row_number() over (partition by ts.service_id order by ts.tag_id) - 1)::int as k,
             ts.tag_id, count(*) over (partition by ts.service_id)::int as n
      from tag_services ts join tags t on t.id = ts.tag_id join tag_groups g on g.id = t.tag_group_id
      where g.is_main_tag_group and t.is_active`);
    await query(`
      insert into document_tags (document_id, tag_id)
      select d.id, p.tag_id from documents d
      join bench_tag_pick p on p.service_id = d.service_id and p.k = d.id % p.n
      where d.file_id = ${fileId}`);
    await query(`
      insert into document_tags (document_id, tag_id)
      select dt.document_id, g.ids[1 + dt.document_id % array_length(g.ids, 1)]
      from document_tags dt
      join documents d on d.id = dt.document_id and d.file_id = ${fileId}
      join tag_activated_groups a on a.tag_id = dt.tag_id
      join (select tag_group_id, array_agg(id order by id) as ids from tags where is_active group by 1) g
        on g.tag_group_id = a.tag_group_id`);
  });

  await step('document comments', () =>
    query(`
      insert into document_comments (document_id, comment_text, creator_user_id, created_at)
      select d.id, (${COMMENTS})[1 + (d.id + k) % 6],
             case when k = 1 then (${STAFF})[1 + d.id % ${allStaff.length}] else d.creator_user_id end,
             least(now(), d.created_at + k * interval '1 hour')
      from documents d cross join generate_series(1, 2) k
      where d.file_id = ${fileId} and d.number_of_comments = 2`),
  );

  await step(`leads (${COUNTS.leads})`, async () => {
    await query(`
      insert into leads (id_hash, status, legal_company_name, contact_first_name, contact_last_name,
                         contact_email_address, contact_phone_number, contact_position, industry_id,
                         annual_sales_range_id, employee_count_range_id, acquisition_channel_id, created_at, updated_at)
      select 'bench-lead-' || md5(g::text), 1 + g % 6,
             (${LAST})[1 + g % 30] || ' ' || (${TRADE})[1 + (g / 3) % 25] || ' Inc ' || g,
             (${FIRST})[1 + g % 20], (${LAST})[1 + (g / 5) % 30], 'lead' || g || '@bench.example', ${phone('g')},
             1 + g % 4, l.ind[1 + g % array_length(l.ind, 1)], l.sales[1 + g % array_length(l.sales, 1)],
             l.emp[1 + g % array_length(l.emp, 1)], l.chan[1 + g % array_length(l.chan, 1)],
             now() - (g % 700) * interval '1 day', now() - (g % 30) * interval '1 day'
      from generate_series(1, ${COUNTS.leads}) g,
           (select (select array_agg(id order by id) from lead_industries) as ind,
                   (select array_agg(id order by id) from lead_annual_sales_ranges) as sales,
                   (select array_agg(id order by id) from lead_employee_count_ranges) as emp,
                   (select array_agg(id order by id) from lead_acquisition_channels) as chan) l`);
    await query(`
      insert into lead_services (lead_id, onboarding_service_id)
      select id, 1 + id % 3 from leads where id_hash like 'bench-lead-%'
      union all
      select id, 1 + (id + 1) % 3 from leads where id_hash like 'bench-lead-%' and id % 2 = 0`);
  });

  await step(`bank accounts (${COUNTS.accounts}) and transactions (${COUNTS.transactions})`, async () => {
    // Account 0 (first client) holds half the transactions: the 100k-row export and the long list.
    await query(`
      insert into bank_institutions (client_id, provider, provider_item_id, name, access_token_encrypted, last_synced_at)
      select cl.id, 'sandbox', 'bench-item-' || j, (${BANKS})[1 + j % 5], 'bench-placeholder', now()
      from generate_series(0, ${COUNTS.accounts - 1}) j join bench_cl cl on cl.idx = 3 * j`);
    await query(`
      insert into bank_accounts (institution_id, client_id, provider_account_id, subtype, name, mask, current_balance_cents)
      select i.id, i.client_id, 'bench-account', case when j % 4 = 3 then 2 else 1 end,
             case when j % 4 = 3 then 'Business Credit Card' else 'Business Checking' end,
             lpad((1000 + j % 9000)::text, 4, '0'), 5000000 - j * 100
      from (select id, client_id, substring(provider_item_id from 12)::int as j
            from bank_institutions where provider_item_id like 'bench-item-%') i`);
    await tempAccounts(query);
    const categories = await ids('select id from transaction_categories order by id');
    const big = Math.ceil(COUNTS.transactions / 2);
    const rest = COUNTS.transactions - big;
    const others = Math.max(1, COUNTS.accounts - 1);
    await query(`
      insert into bank_transactions (account_id, provider_transaction_id, date, name, category_id, amount_cents)
      select a.id, 'bench-' || g, current_date - (g % 730), (${MERCHANTS})[1 + g % 20] || ' ' || (g % 997),
             (${intArray(categories)})[1 + g % ${categories.length}],
             case when g % 3 = 0 then 1000 + g % 500000 else -(100 + g % 90000) end
      from generate_series(0, ${COUNTS.transactions - 1}) g
      join bench_acct a on a.j = case when g < ${big} then 0 else ${COUNTS.accounts > 1 ? `1 + (g - ${big}) % ${others}` : 0} end`);
    return rest;
  });

  await step('bookkeeping rows (24 months per bookkeeping client)', () =>
    query(`
      insert into bookkeeping_records (client_id, year, month, number_of_accounts, is_quick_books_draft_done,
                                       is_quick_books_review_done, updated_by_user_id)
      select cl.id, extract(year from m.d)::int, extract(month from m.d)::int, cl.idx % 4,
             (cl.idx + m.i) % 3 <> 0, (cl.idx + m.i) % 4 = 0, (${STAFF})[1 + cl.idx % ${allStaff.length}]
      from bench_cl cl
      cross join (select i, date_trunc('month', current_date) - i * interval '1 month' as d
                  from generate_series(0, 23) i) m
      where cl.idx % 3 = 0`),
  );
}

// The lists of issue 26: texts the generated rows are made of. Messages, subjects, answers and
// identification numbers are encrypted once each with the bench key (one ciphertext shared by every
// row that uses the text, as the one argon2 hash is); the search vector is made in SQL from the same
// text with its digits removed, as the app makes it (ADR 0013), so the inbox, the search and its
// snippets read real rows.
const REQUEST_TITLES = words([
  'Year-end documents',
  'Monthly bank statements',
  'Payroll records',
  'Tax organizer',
  'Receipts for business expenses',
  'Signed engagement letter',
  'Quarterly estimated payments',
  'Contractor details for the 1099 forms',
]);
const ITEM_TITLES = words([
  'Bank statements for the period',
  'Credit card statements',
  'W-2 forms',
  '1099 forms received',
  'Mortgage interest statement',
  'Charitable donation receipts',
  'Payroll register',
  'Vehicle log',
  'Health insurance form 1095',
  'Prior year return',
]);
/** Twelve messages a client writes, then twelve the firm writes. Only the fifth says "mileage": the search. */
const MESSAGES = [
  'Hi, I just uploaded the bank statements for last month. Let me know if anything is missing.',
  'Quick question: can I deduct the home office this year?',
  'Our new hire starts next week. What do you need from us for payroll?',
  'I found the receipts for the equipment we bought; sending them now.',
  'Could you check the mileage log I attached? I was not sure how to record the trips.',
  'We received a notice from the state about sales tax. What should we do?',
  'Thanks for the reminder. The signed engagement letter is on its way.',
  'Is the quarterly estimated payment due this month or next?',
  'The credit card statement shows a charge I do not recognise.',
  'Can we schedule a call to go over the draft return?',
  'I changed banks in the spring; the new account is linked now.',
  'Please send me a copy of the last return for the loan application.',
  'Thanks, we have everything we need for now.',
  'Could you upload the missing page of the statement?',
  'Your draft return is ready for review in the portal.',
  'We recorded the transactions and will close the month this week.',
  'Please answer the open questions about your bank transactions when you can.',
  'The payment is due on the fifteenth; we will send a reminder.',
  'Noted. We will update the payroll setup before the next run.',
  'The client prefers calls in the afternoon.',
  'We filed the return and attached the confirmation to your documents.',
  'Yes, that expense is deductible if it is used only for the business.',
  'We need the signed form before we can file.',
  'Happy to set up a call; pick a time that suits you.',
];
const SUBJECTS = [
  'Bank statements',
  'Home office deduction',
  'New hire paperwork',
  'Equipment receipts',
  'Travel records',
  'Sales tax notice',
  'Engagement letter',
  'Estimated payments',
  'Unknown card charge',
  'Draft return',
  'New bank account',
  'Copy of last return',
];
const QUESTIONS = words([
  'What was this payment for?',
  'Is this a business or a personal expense?',
  'Please attach the receipt for this purchase.',
  'Which project does this transfer belong to?',
  'Was this a loan repayment or an expense?',
]);
// Notifications: what staff hear of (kind, title after the client's name, link), then what client users hear of.
const STAFF_NOTICES = [
  ['documentUploaded', ' uploaded a document', '/received-docs'],
  ['requestItemSubmitted', ' answered a request item', '/requests'],
  ['requestCompleted', ' completed a request', '/requests'],
  ['transactionQuestionAnswered', ' answered a question about a bank transaction', '/reconciliations'],
  ['messageReceived', ' sent a message', '/messages'],
  ['bankConnectionNeedsAction', ': a bank connection needs action', '/bank-connections'],
];
const CLIENT_NOTICES = [
  ['requestCreated', 'New request: Year-end documents', '/requests'],
  ['documentReceived', 'Your advisor shared a document', '/received-docs'],
  ['messageReceived', 'New message from your advisor', '/messages'],
  ['transactionQuestionsAsked', 'Questions about your bank transactions', '/reconciliations'],
];
const column = (rows, i) => words(rows.map((row) => row[i]));
/** What the app indexes (message-text.ts `searchableText`): every digit removed. */
const searchable = (text) => text.replace(/\p{N}/gu, ' ');

/**
 * Rows for the lists of issue 26, for the generated clients and staff (the `bench_*` temp tables):
 * `parts` names which (support/large-firm.mjs). Sizes follow the generated clients, so a firm seeded
 * earlier at any scale gets the matching amount. Returns what it made.
 */
async function seedLists(query, fieldCrypto, parts) {
  const ids = async (text) => (await query(text)).map((r) => Number(r.id));
  const size = async (table) => Number((await query(`select count(*)::int as n from ${table}`))[0].n);
  const N = await size('bench_cl');
  const CU = await size('bench_cu');
  const A = await size('bench_acct');
  const allStaff = await ids(`select id from users where username like 'bench\\_staff\\_%' order by id`);
  const STAFF = intArray(allStaff);
  const S = allStaff.length;
  const [admin] = await ids(`select id from users where username = 'b1g1_admin'`);
  const stateIds = await ids('select id from states order by id');
  const ofFullFirm = N / 50_000;
  const made = {
    requests: 2 * N,
    requestItems: 6 * N,
    adminNotifications: Math.max(50, Math.round(5_000 * ofFullFirm)),
    notificationsPerStaff: Math.max(5, Math.round(300 * ofFullFirm)),
    notificationsPerClientUser: CLIENT_NOTICES.length,
    conversations: Math.floor(N / 2),
    messages: 4 * Math.floor(N / 2),
    companies: Math.max(20, Math.round(5_000 * ofFullFirm)),
  };
  const encrypted = (texts) => words(texts.map((text) => fieldCrypto.encrypt(text)));

  const seeders = {
    requests: () =>
      step(`requests (${made.requests}) and their items (${made.requestItems})`, async () => {
        // Two per client: one open (due from ten days ago to four weeks ahead: a quarter overdue), one
        // closed months ago (one in 25 cancelled, the rest completed). Three items each; an open
        // request's items are requested, submitted, accepted or returned.
        await query(`
          insert into requests (client_id, service_id, title, due_date, status, creator_user_id, created_at,
                                updated_at, completed_at, cancelled_at)
          select cl.id, cl.svcs[1 + s.g % array_length(cl.svcs, 1)], (${REQUEST_TITLES})[1 + s.g % 8],
                 (s.t + interval '30 days')::date, s.status, (${STAFF})[1 + s.g % ${S}], s.t, s.t,
                 case when s.status = 2 then s.t + interval '20 days' end,
                 case when s.status = 3 then s.t + interval '10 days' end
          from (select g, case when g < ${N} then 1 when g % 25 = 7 then 3 else 2 end as status,
                       case when g < ${N} then now() - (1 + g % 40) * interval '1 day'
                            else now() - (60 + g % 300) * interval '1 day' end as t
                from generate_series(0, ${2 * N - 1}) g) s
          join bench_cl cl on cl.idx = s.g % ${N}`);
        await query(`
          insert into request_items (request_id, position, title, kind, status, return_note, submitted_at, reviewed_at)
          select r.id, p, (${ITEM_TITLES})[1 + (r.id + p) % 10], 1 + (r.id + p) % 3, i.status,
                 case when i.status = 4 then 'The statement is missing its last page; please upload all of it.' end,
                 case when i.status > 1 then r.created_at + interval '3 days' end,
                 case when i.status > 2 then r.created_at + interval '5 days' end
          from requests r join bench_cl cl on cl.id = r.client_id cross join generate_series(1, 3) p
          cross join lateral (select case when r.status = 1 then (array[1, 2, 3, 4, 1, 2])[1 + (r.id + p) % 6]
                                          else 3 end as status) i`);
      }),

    notifications: () =>
      step(
        `notifications (${made.adminNotifications} for b1g1_admin, ${made.notificationsPerStaff} per staff, ` +
          `${made.notificationsPerClientUser} per client user)`,
        async () => {
          const staffNotice = (g, recipient, key, unread) => `
            select ${recipient}, (${column(STAFF_NOTICES, 0)})[1 + ${g} % 6], c.name || (${column(STAFF_NOTICES, 1)})[1 + ${g} % 6],
                   (${column(STAFF_NOTICES, 2)})[1 + ${g} % 6], c.id, c.owner_user_id, ${key}, 'immediately',
                   s.t + interval '5 minutes', s.t, case when not (${unread}) then s.t + interval '2 hours' end`;
          const into = `insert into notifications (recipient_user_id, kind, title, link, client_id, actor_user_id,
                                                   event_key, email_delivery, emailed_at, created_at, read_at)`;
          // The demo admin (the panel the benchmark reads): newest first, the recent ones partly unread.
          await query(`${into} ${staffNotice('s.g', admin, `'bench-admin-' || s.g`, `s.g % 5 = 0 and s.g < ${Math.ceil(made.adminNotifications / 4)}`)}
            from (select g, now() - g * interval '37 minutes' as t from generate_series(0, ${made.adminNotifications - 1}) g) s
            join bench_cl cl on cl.idx = (s.g * 7) % ${N} join clients c on c.id = cl.id`);
          await query(`${into} ${staffNotice('s.g', 's.staff_id', `'bench-staff-' || s.staff_id || '-' || s.g`, 's.g % 10 = 0')}
            from (select st.id as staff_id, g, now() - g * interval '3 hours' - st.id * interval '1 minute' as t
                  from unnest(${STAFF}) st(id) cross join generate_series(0, ${made.notificationsPerStaff - 1}) g) s
            join bench_cl cl on cl.idx = (s.staff_id * 31 + s.g * 7) % ${N} join clients c on c.id = cl.id`);
          // Each client user, about their first client: the newest one unread.
          await query(`${into}
            select cl.owner_user_id, (${column(CLIENT_NOTICES, 0)})[1 + k], (${column(CLIENT_NOTICES, 1)})[1 + k],
                   (${column(CLIENT_NOTICES, 2)})[1 + k], cl.id, (${STAFF})[1 + cl.idx % ${S}],
                   'bench-client-' || cl.idx || '-' || k, 'immediately', t + interval '5 minutes', t,
                   case when k > 0 then t + interval '1 day' end
            from bench_cl cl cross join generate_series(0, ${CLIENT_NOTICES.length - 1}) k
            cross join lateral (select now() - (k * 9 + cl.idx % 7) * interval '1 day' as t) s
            where cl.idx < ${CU}`);
        },
      ),

    conversations: () =>
      step(`conversations (${made.conversations}) with messages (${made.messages})`, async () => {
        await query(`
          create temp table bench_text as
          select (i - 1)::int as i, enc, to_tsvector('english', plain) as vector
          from unnest(${encrypted(MESSAGES.map((text) => `<p>${text}</p>`))},
                      ${words(MESSAGES.map(searchable))}) with ordinality as t(enc, plain, i)`);
        await query(`
          create temp table bench_subject as
          select (i - 1)::int as i, enc, setweight(to_tsvector('english', plain), 'A') as vector
          from unnest(${encrypted(SUBJECTS)}, ${words(SUBJECTS.map(searchable))}) with ordinality as t(enc, plain, i)`);
        // One conversation for each of the first half of the clients, started by the owner over the last
        // year; one in five closed, a third unassigned. `subject` is '' as the app writes it now.
        await query(`
          insert into conversations (client_id, subject_encrypted, subject, status, assignee_user_id,
                                     created_by_user_id, created_at, last_activity_at, last_client_visible_at)
          select cl.id, sj.enc, '', case when cl.idx % 5 = 4 then 'closed' else 'open' end,
                 case when cl.idx % 3 <> 2 then (${STAFF})[1 + cl.idx % ${S}] end, cl.owner_user_id,
                 s.t, s.t + interval '3 hours', s.t + interval '3 hours'
          from bench_cl cl
          join bench_subject sj on sj.i = cl.idx % 12
          cross join lateral (select now() - (4 * 60 + (cl.idx * 21) % (365 * 24 * 60)) * interval '1 minute' as t) s
          where cl.idx < ${made.conversations}`);
        // Four messages each: the client, the firm, the client again (on every fourth conversation an
        // internal note of the firm instead), the firm. The first carries the subject in its vector.
        await query(`
          insert into conversation_messages (conversation_id, author_user_id, is_internal_note, html_encrypted,
                                             search_vector, created_at)
          select c.id, case when m.by_client then cl.owner_user_id else coalesce(c.assignee_user_id, (${STAFF})[1 + cl.idx % ${S}]) end,
                 m.note, t.enc, case when m.k = 0 then sj.vector || t.vector else t.vector end,
                 c.created_at + m.k * interval '1 hour'
          from conversations c
          join bench_cl cl on cl.id = c.client_id
          join bench_subject sj on sj.i = cl.idx % 12
          cross join generate_series(0, 3) k
          cross join lateral (select k, k = 2 and cl.idx % 4 = 0 as note,
                                     k % 2 = 0 and not (k = 2 and cl.idx % 4 = 0) as by_client) m
          join bench_text t on t.i = case when m.by_client then (cl.idx + m.k) % 12 else 12 + (cl.idx + m.k) % 12 end
          order by c.id, m.k`);
        // Read marks: the demo admin has read three conversations in four to the end, the owners two in three.
        await query(`
          insert into conversation_reads (conversation_id, user_id, last_read_message_id, seen_at)
          select c.id, r.user_id, max(m.id), max(m.created_at)
          from conversations c join bench_cl cl on cl.id = c.client_id
          join conversation_messages m on m.conversation_id = c.id
          cross join lateral (select ${admin} as user_id where cl.idx % 4 <> 1
                              union all select cl.owner_user_id where cl.idx % 3 <> 0) r
          group by c.id, r.user_id`);
      }),

    'transaction questions': () =>
      step('transaction questions (one in 100 transactions)', () =>
        // Waiting on the client for the last 30 days' transactions, answered for the 30 before, resolved before that.
        query(`
          insert into transaction_questions (client_id, transaction_id, question, suggested_category_id, status,
                                             answer_category_id, answer_note_encrypted, asked_by_user_id, asked_at,
                                             answered_by_user_id, answered_at, resolved_by_user_id, resolved_at)
          select a.client_id, t.id, (${QUESTIONS})[1 + t.id % 5], case when t.id % 3 = 0 then t.category_id end,
                 q.status, case when q.status <> 'waiting' then t.category_id end,
                 case when q.status <> 'waiting' then '${fieldCrypto.encrypt('It was a client lunch; the receipt is attached.')}' end,
                 (${STAFF})[1 + t.id % ${S}], q.asked_at,
                 case when q.status <> 'waiting' then cl.owner_user_id end,
                 case when q.status <> 'waiting' then q.asked_at + interval '1 day' end,
                 case when q.status = 'resolved' then (${STAFF})[1 + t.id % ${S}] end,
                 case when q.status = 'resolved' then q.asked_at + interval '3 days' end
          from bank_transactions t join bench_acct a on a.id = t.account_id join bench_cl cl on cl.id = a.client_id
          cross join lateral (select case when t.date >= current_date - 30 then 'waiting'
                                          when t.date >= current_date - 60 then 'answered' else 'resolved' end as status,
                                     least(now(), t.date + interval '1 day') as asked_at) q
          where t.id % 100 = 0`),
      ),

    'bank connections needing action': () =>
      step('bank connections needing action (one in five)', () =>
        // Never the first account's (the transactions and export scenarios); always the last one, so a
        // small firm has one too.
        query(`
          update bank_institutions i
          set connection_state = (array['login-required', 'pending-expiration', 'disconnected', 'error'])[1 + (a.j / 5) % 4],
              connection_error_code = (array['ITEM_LOGIN_REQUIRED', 'PENDING_EXPIRATION', null, 'INSTITUTION_NOT_RESPONDING'])[1 + (a.j / 5) % 4],
              connection_state_since = now() - (1 + a.j % 45) * interval '1 day'
          from bench_acct a
          where a.institution_id = i.id and a.j > 0 and ((a.j + 1) % 5 = 0 or a.j = ${A - 1})`),
      ),

    companies: () =>
      step(`companies formed, with their payments (${made.companies})`, async () => {
        // Over two years; nine in ten paid, the rest pending or failed. A quarter non-resident.
        await query(`
          insert into payments (purpose, status, amount_cents, provider, provider_payment_id, idempotency_key,
                                created_at, updated_at)
          select 'company-formation', case when g % 10 = 8 then 1 when g % 10 = 9 then 3 else 2 end,
                 10000 + (g % 5) * 2500 + 2500 + 15000, 'test', 'pi_test_bench_' || g, 'bench-company-' || g,
                 now() - g * interval '3 hours', now() - g * interval '3 hours'
          from generate_series(0, ${made.companies - 1}) g`);
        await query(`
          insert into companies (is_resident, business_entity_type, state_id, legal_name, industry_id,
                                 other_industry_name, contact_first_name, contact_last_name, contact_email_address,
                                 contact_phone_number, business_address_type, registration_payment_id,
                                 state_filing_fee_cents, processing_fee_cents, service_fee_cents, total_cents, created_at)
          select g % 4 <> 3, 1 + g % 2, (${intArray(stateIds)})[1 + g % ${stateIds.length}],
                 (${LAST})[1 + g % 30] || ' ' || (${TRADE})[1 + (g / 7) % 25] || ' ' || g,
                 r.industries[1 + g % greatest(1, coalesce(array_length(r.industries, 1), 1))],
                 case when r.industries is null then 'Other' end,
                 (${FIRST})[1 + g % 20], (${LAST})[1 + (g / 3) % 30], 'company' || g || '@bench.example',
                 ${phone('g')}, 1, p.id, 10000 + (g % 5) * 2500, 2500, 15000, 10000 + (g % 5) * 2500 + 2500 + 15000,
                 p.created_at
          from generate_series(0, ${made.companies - 1}) g
          join payments p on p.idempotency_key = 'bench-company-' || g
          cross join (select array_agg(id order by id) as industries from industries) r`);
      }),

    contractors: () =>
      step('contractors (every other business client, two tax years)', () =>
        // 3 to 12 a year for every other business client (the first one: 12), this calendar year and the
        // last, so the current tax year has them before and after the filing deadline. None paid yet.
        query(`
          insert into contractors (client_id, tax_year, contractor_type, business_name, first_name, last_name,
                                   identification_number_encrypted, identification_number_last4, address_line1,
                                   city, state_id, zip_code, total_payment_cents, service_fee_cents, is_completed,
                                   created_by_user_id, created_at, updated_at)
          select cl.id, y.year, 1 + n % 2,
                 case when n % 2 = 0 then (${LAST})[1 + (cl.idx + n) % 30] || ' ' || (${TRADE})[1 + n % 25] end,
                 case when n % 2 = 1 then (${FIRST})[1 + (cl.idx + n) % 20] end,
                 case when n % 2 = 1 then (${LAST})[1 + (cl.idx / 3 + n) % 30] end,
                 case when n % 2 = 0 then '${fieldCrypto.encrypt('12-3456789')}' else '${fieldCrypto.encrypt('123456789')}' end,
                 lpad(((cl.idx * 13 + n * 7) % 10000)::text, 4, '0'), (1 + (cl.idx + n) % 9000) || ' Oak Avenue',
                 (${CITIES})[1 + n % 15], (${intArray(stateIds)})[1 + (cl.idx + n) % ${stateIds.length}],
                 lpad(((cl.idx + n) % 100000)::text, 5, '0'), 60000 + ((cl.idx + n) % 50) * 10000, 1500, n % 3 = 0,
                 cl.owner_user_id, s.t, s.t
          from bench_cl cl
          cross join (values (extract(year from current_date)::int), (extract(year from current_date)::int - 1)) y(year)
          cross join lateral generate_series(0, 11 - (cl.idx / 4) % 10) n
          cross join lateral (select least(now(), make_date(y.year, 1 + n % 12, 1)::timestamptz) as t) s
          where cl.idx % 4 = 0`),
      ),
  };
  for (const part of parts) await seeders[part]();
  const [rows] = await query(`
    select (select count(*) from transaction_questions where client_id in (select id from bench_cl))::int as "transactionQuestions",
           (select count(*) from bank_institutions where id in (select institution_id from bench_acct)
                                                    and connection_state <> 'healthy')::int as "connectionsNeedingAction",
           (select count(*) from contractors where client_id in (select id from bench_cl))::int as contractors`);
  return { ...made, ...rows };
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
