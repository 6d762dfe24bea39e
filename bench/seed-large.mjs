#!/usr/bin/env node
/**
 * `npm run seed:large`: a large firm for the benchmarks (issue 12, DESIGN.md section 10), generated in
 * SQL (`INSERT ... SELECT generate_series`) so a million documents take minutes, not the hours the API
 * would. At scale 1: 200 staff, 50,000 clients (25,000 client users owning two each, a collaborator on
 * every fourth), 1,000,000 documents with valid tags and 200,000 comments, 2,000 leads, 200,000 bank
 * transactions (half of them on one account, for the 100k-row export), and 24 months of bookkeeping rows
 * for every bookkeeping client. Then VACUUM ANALYZE, as autovacuum would have done on a live database.
 *
 * Target: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ledgerport_bench_large; created when
 * missing), or PGlite under DATA_DIR when DATA_DIR is given without DATABASE_URL. The app's migrations and
 * demo seed run first, through the built API. A database that already holds the large firm is left as it
 * is unless --recreate (PostgreSQL: drop and create it again).
 *
 * Usage: node bench/seed-large.mjs [--scale 0.01] [--recreate]
 * Every generated user (staff `bench_staff_N`, clients `bench_client_N`, e-mail `<username>@bench.example`)
 * signs in with the password Bench1; their one argon2 hash is computed once and shared.
 */
import { parseArgs } from 'node:util';
import {
  BENCH_PASSWORD,
  describeTarget,
  ensurePostgresDatabase,
  importApi,
  openDatabase,
  resolveTarget,
} from './support/database.mjs';

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
  try {
    await step('migrations and demo firm', async () => {
      const { seedDemoFirm } = await importApi('db/seed/demo.js');
      await database.migrate();
      await seedDemoFirm(database.db);
    });
    const [{ n: already }] = await query(`select count(*)::int as n from users where username like 'bench\\_%'`);
    if (already > 0) {
      process.stdout.write(`The large firm is already there (${already} generated users); nothing to do.\n`);
      process.stdout.write('Pass --recreate (PostgreSQL) or use a new DATA_DIR to seed again.\n');
      return;
    }
    if (target.kind === 'postgres') await query('set synchronous_commit = off');
    const hash = await step('one argon2 hash for every generated user', async () => {
      const { hashPassword } = await importApi('lib/passwords.js');
      return hashPassword(BENCH_PASSWORD);
    });
    await seed(query, hash);
    await step('vacuum analyze', () => query('vacuum analyze'));
  } finally {
    await database.close();
  }
  const total = (Date.now() - allStarted) / 1000;
  process.stdout.write(`${'total'.padEnd(44)} ${total.toFixed(1).padStart(7)} s\n`);
  process.stdout.write(
    `${JSON.stringify({ scale, target: describeTarget(target), counts: COUNTS, seconds: total })}\n`,
  );
}

async function seed(query, hash) {
  const ids = async (text) => (await query(text)).map((r) => Number(r.id));
  const roleId = Object.fromEntries((await query('select id, name from roles')).map((r) => [r.name, Number(r.id)]));
  const serviceId = Object.fromEntries(
    (await query('select id, name from services')).map((r) => [r.name, Number(r.id)]),
  );
  const departmentIds = await ids('select id from departments order by id');
  const stateIds = await ids('select id from states order by id');
  const firstAdmin = (await ids(`select id from users where username = 'b1g1_admin'`))[0];
  const { staff, clients: N, clientUsers: CU, documents: D } = COUNTS;
  const A = Math.max(1, Math.round(staff * 0.025));
  const S = Math.max(1, Math.round(staff * 0.075));
  const V = Math.max(1, Math.round(staff * 0.3));
  const phone = (g) =>
    `'(555) ' || lpad((200 + ${g} % 800)::text, 3, '0') || '-' || lpad((${g} % 10000)::text, 4, '0')`;

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
    await query(`create temp table bench_cu as
                 select (row_number() over (order by id) - 1)::int as k, id from users where username like 'bench\\_client\\_%'`);
    await query('alter table bench_cu add primary key (k)');
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
    await query(`
      create temp table bench_cl as
      select (row_number() over (order by id) - 1)::int as idx, id, owner_user_id, null::int[] as svcs
      from clients where email_address like 'client%@bench.example'`);
    await query(`update bench_cl set svcs = array_remove(array[${serviceId.tax},
                   case when idx % 3 = 0 then ${serviceId.bookkeeping} end,
                   case when idx % 5 = 0 then ${serviceId.payroll} end], null)`);
    await query('alter table bench_cl add primary key (idx)');
    await query('analyze bench_cl');
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
    await query(`
      create temp table bench_acct as
      select substring(i.provider_item_id from 12)::int as j, a.id
      from bank_accounts a join bank_institutions i on i.id = a.institution_id
      where i.provider_item_id like 'bench-item-%'`);
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

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
