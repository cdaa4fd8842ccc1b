import { expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { databaseMigratedBefore } from '../../testing/migrated-before.ts';

// The upgrade that gives the dashboard's rows their purchase order's facts: rows written before it
// take their PO's status and exception dates and figures (none while the PO is closed), and the
// exception counts count them, as the triggers would have.

it("fills the rows already written with their PO's facts, and counts them", async () => {
  const database = await databaseMigratedBefore('0021_po_exceptions');
  try {
    const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const [shipment] = (await query(`insert into shipments (shipment) values ('UP-PO') returning id`)).rows;
    const titles = ['PO-OPEN', 'PO-CLOSED', 'PO-UNKNOWN'];
    for (const title of titles) {
      const [lineItem] = (
        await query(`insert into line_items (shipment_id, title, po_review_required) values ($1, $2, 6) returning id`, [
          shipment?.id,
          title,
        ])
      ).rows;
      await query(
        `insert into line_item_rows (line_item_id, shipment_id, forwarder_key, is_hidden, title, related_shipment,
           forwarder_name, cosignee_name, origin_port, destination_port, transit_type, number_of_parts, part_numbers,
           total_qty, house, master, search_dr, search_default_only)
         values ($1, $2, 'kestrel', false, $3, 'UP-PO', 'Kestrel', '', '', '', 'N/A', 0, '', 0, '', '', '', '')`,
        [lineItem?.id, shipment?.id, title],
      );
    }
    await query(
      `insert into purchase_orders (po_number, status, overdue_from, booking_due, short_qty, over_shipped_qty, unknown_skus)
       values ('PO-OPEN', 'partly_shipped', '2027-03-01', '2027-02-01', 3, 0, 2),
              ('PO-CLOSED', 'short_closed', '2027-03-01', null, 5, 1, 0)`,
    );

    await runMigrations(database.pool);

    const rows = await query(
      `select title, po_status, po_overdue_from::text, po_booking_due::text, po_short_qty, po_over_shipped_qty, po_unknown_skus
       from line_item_rows order by title`,
    );
    expect(rows.rows).toEqual([
      {
        title: 'PO-CLOSED',
        po_status: 'short_closed',
        po_overdue_from: null,
        po_booking_due: null,
        po_short_qty: null,
        po_over_shipped_qty: null,
        po_unknown_skus: null,
      },
      {
        title: 'PO-OPEN',
        po_status: 'partly_shipped',
        po_overdue_from: '2027-03-01',
        po_booking_due: '2027-02-01',
        po_short_qty: 3,
        po_over_shipped_qty: null,
        po_unknown_skus: 2,
      },
      {
        title: 'PO-UNKNOWN',
        po_status: null,
        po_overdue_from: null,
        po_booking_due: null,
        po_short_qty: null,
        po_over_shipped_qty: null,
        po_unknown_skus: null,
      },
    ]);
    const counted = await query(
      `select basis, value, count::int from exception_counts where basis like 'po\\_%' and count <> 0 order by basis`,
    );
    const day = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
    expect(counted.rows).toEqual([
      { basis: 'po_booking_due', value: day('2027-02-01'), count: 1 },
      { basis: 'po_overdue_from', value: day('2027-03-01'), count: 1 },
      { basis: 'po_short_qty', value: 3, count: 1 },
      { basis: 'po_unknown_skus', value: 2, count: 1 },
    ]);
    // From now on the triggers keep them: the row leaves its PO, and its counts go.
    await query(`update line_item_rows set po_short_qty = null, po_unknown_skus = null where title = 'PO-OPEN'`);
    const after = await query(
      `select basis from exception_counts where basis like 'po\\_%' and count <> 0 order by basis`,
    );
    expect(after.rows.map((row) => row.basis)).toEqual(['po_booking_due', 'po_overdue_from']);
  } finally {
    await database.close();
  }
});
