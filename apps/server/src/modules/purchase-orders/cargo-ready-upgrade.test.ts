import { expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { databaseMigratedBefore } from '../../testing/migrated-before.ts';

// The upgrade that keeps each PO's first cargo-ready date: a PO whose date an approved proposal
// had already moved keeps the date before that move, so its slip is measured from the supplier's
// first word; any other PO, the date it has.

it('takes the date before the earliest approved move as the first cargo-ready date, else the date a PO has', async () => {
  const database = await databaseMigratedBefore('0029_cargo_ready_slipped');
  try {
    const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const [moved] = (
      await query(
        `insert into purchase_orders (po_number, supplier, cargo_ready_date) values ('PO-MOVED', 'A', '2027-05-20') returning id`,
      )
    ).rows;
    await query(
      `insert into purchase_orders (po_number, supplier, cargo_ready_date) values ('PO-STILL', 'A', '2027-05-01'),
              ('PO-UNDATED', 'A', null)`,
    );
    const proposal = (status: string, before: string, after: string) =>
      query(
        `insert into purchase_order_proposals (purchase_order_id, kind, status, proposed_by_name, proposed_by_email, cargo_ready_date, lines)
         values ($1, 'change', $2, 'Lin', 'lin@a.example', $3::jsonb, '[]'::jsonb)`,
        [moved?.id, status, JSON.stringify({ before, after })],
      );
    await proposal('rejected', '2027-04-01', '2027-06-30');
    await proposal('approved', '2027-05-01', '2027-05-10');
    await proposal('approved', '2027-05-10', '2027-05-20');

    await runMigrations(database.pool);

    const firsts = await query(
      'select po_number, first_cargo_ready_date::text as first from purchase_orders order by po_number',
    );
    expect(firsts.rows).toEqual([
      { po_number: 'PO-MOVED', first: '2027-05-01' },
      { po_number: 'PO-STILL', first: '2027-05-01' },
      { po_number: 'PO-UNDATED', first: null },
    ]);
  } finally {
    await database.close();
  }
});
