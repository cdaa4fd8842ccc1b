import { expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { databaseMigratedBefore } from '../../testing/migrated-before.ts';

// The upgrade that keeps the sweep's purchase order exceptions per PO: what the last sweep knew of
// a shipment's PO exception is taken as known for each PO it carries, so nothing is announced
// again; the shipment's own exceptions stay as they were.

it("takes a shipment's known PO exception as known for each of its POs, and keeps its own", async () => {
  const database = await databaseMigratedBefore('0024_exception_state_per_po');
  try {
    const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const [shipment] = (await query(`insert into shipments (shipment) values ('UP-SWEEP') returning id`)).rows;
    for (const [title, poStatus] of [
      ['PO-A', 'partly_shipped'],
      ['PO-B', 'open'],
      ['NOT-A-PO', null],
    ]) {
      const [lineItem] = (
        await query(`insert into line_items (shipment_id, title, po_review_required) values ($1, $2, 6) returning id`, [
          shipment?.id,
          title,
        ])
      ).rows;
      await query(
        `insert into line_item_rows (line_item_id, shipment_id, forwarder_key, is_hidden, title, related_shipment,
           forwarder_name, cosignee_name, origin_port, destination_port, transit_type, number_of_parts, part_numbers,
           total_qty, house, master, search_dr, search_default_only, po_status)
         values ($1, $2, 'kestrel', false, $3, 'UP-SWEEP', 'Kestrel', '', '', '', 'N/A', 0, '', 0, '', '', '', '', $4)`,
        [lineItem?.id, shipment?.id, title, poStatus],
      );
    }
    await query(
      `insert into shipment_exception_state (shipment_id, kind, since) values
       ($1, 'po_received_short', '2027-04-02'), ($1, 'late_arrival', '2027-04-01')`,
      [shipment?.id],
    );

    await runMigrations(database.pool);

    const state = await query(
      `select kind, subject, since::text from shipment_exception_state where shipment_id = $1 order by kind, subject`,
      [shipment?.id],
    );
    expect(state.rows).toEqual([
      { kind: 'late_arrival', subject: '', since: '2027-04-01' },
      { kind: 'po_received_short', subject: 'PO-A', since: '2027-04-02' },
      { kind: 'po_received_short', subject: 'PO-B', since: '2027-04-02' },
    ]);
  } finally {
    await database.close();
  }
});
