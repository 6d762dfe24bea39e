/**
 * What bench/seed-large.mjs adds for the lists of issue 26, part by part, and how to tell each is there:
 * a firm seeded before them gets only what it lacks (bench/run.mjs and the generator both ask).
 */

/** Rows of `table` that belong to a generated client (`client<N>@bench.example`). */
const ofGeneratedClient = (table) =>
  `exists (select 1 from ${table} x join clients c on c.id = x.client_id
           where c.email_address like 'client%@bench.example')`;

export const LIST_PARTS = [
  { name: 'requests', present: ofGeneratedClient('requests') },
  { name: 'notifications', present: `exists (select 1 from notifications where event_key like 'bench-%')` },
  { name: 'conversations', present: ofGeneratedClient('conversations') },
  { name: 'transaction questions', present: ofGeneratedClient('transaction_questions') },
  {
    name: 'bank connections needing action',
    present: `exists (select 1 from bank_institutions
                      where provider_item_id like 'bench-item-%' and connection_state <> 'healthy')`,
  },
  { name: 'companies', present: `exists (select 1 from companies where contact_email_address like '%@bench.example')` },
  { name: 'contractors', present: ofGeneratedClient('contractors') },
];

/** The names of the parts the database lacks, in the order they are generated. */
export async function missingListParts(query) {
  const [row] = await query(`select ${LIST_PARTS.map((part, i) => `${part.present} as p${i}`).join(', ')}`);
  return LIST_PARTS.filter((_, i) => !row[`p${i}`]).map((part) => part.name);
}
