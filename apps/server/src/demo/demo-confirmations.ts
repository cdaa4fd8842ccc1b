import { ProposalInput } from '@quayside/domain/confirmations';
import { sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal.ts';
import { supplierKeySql } from '../auth/visibility.ts';
import { confirmIn, decideIn, proposeIn } from '../modules/purchase-orders/confirmations.service.ts';
import type { Write } from '../write/with-write.ts';

// The demo's supplier answers: for each demo supplier with a contact, one open PO confirmed as it
// stands, one with a later cargo-ready date waiting for a decision, and one whose moved date an
// Admin approved. Made through the same steps as the API's, so the history reads as it would.

type Person = { email: string; name: string; company: string };

const laterDay = (day: string | null, now: Date, days: number) =>
  new Date((day === null ? now.getTime() : Date.parse(`${day}T00:00:00Z`)) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);

export async function seedConfirmations(write: Write, suppliers: readonly Person[], admin: Person, now: Date) {
  const principal = (person: Person, role: 'Supplier' | 'Admin'): Principal => ({
    personId: 0,
    userId: '',
    email: person.email,
    fullName: person.name,
    role,
    company: person.company,
  });
  for (const supplier of suppliers) {
    const open = await write.tx.execute<{
      po_number: string;
      cargo_ready_date: string | null;
      line_number: number;
      unbooked_line: number | null;
    }>(sql`
      select po.po_number, po.cargo_ready_date::text as cargo_ready_date,
             (select min(l.line_number) from purchase_order_lines l where l.purchase_order_id = po.id) as line_number,
             -- A line ordered beyond what shipments carry: moving its date later slips the PO.
             (select min(l.line_number) from purchase_order_lines l
              where l.purchase_order_id = po.id and l.ordered_qty > (
                select coalesce(sum(p.qty), 0) from line_items li join parts p on p.line_item_id = li.id
                where li.title = po.po_number and p.part_number = l.sku)) as unbooked_line
      from purchase_orders po
      where ${supplierKeySql(sql`po.supplier`)} = ${supplier.company.trim().toLowerCase()}
        and po.short_closed_at is null and po.confirmation = 'awaiting'
        and exists (select 1 from purchase_order_lines l where l.purchase_order_id = po.id)
        -- Not yet departed: the figures the write door keeps are computed at the commit, after this.
        and not exists (select 1 from line_items li join shipments s on s.id = li.shipment_id
                        where li.title = po.po_number and (s.atd is not null or s.ata is not null))
      order by po.po_number collate "C" limit 10`);
    // The approved one moves a line still to book, so the demo shows a cargo-ready date slipped.
    const approved = open.rows.find((row) => row.unbooked_line !== null) ?? open.rows[2];
    const [confirmed, pending] = open.rows.filter((row) => row !== approved);
    const contact = principal(supplier, 'Supplier');
    if (confirmed) await confirmIn(write, contact, confirmed.po_number, 'All lines in production.', 'system');
    if (pending) {
      const later = laterDay(pending.cargo_ready_date, now, 14);
      await proposeIn(
        write,
        contact,
        pending.po_number,
        ProposalInput.parse({ cargo_ready_date: later, note: 'Resin shortage: two weeks later.' }),
        'system',
      );
    }
    if (approved) {
      const later = laterDay(approved.cargo_ready_date, now, 5);
      await proposeIn(
        write,
        contact,
        approved.po_number,
        ProposalInput.parse({
          lines: [{ line_number: approved.unbooked_line ?? approved.line_number, cargo_ready_date: later }],
          note: 'Mould maintenance.',
        }),
        'system',
      );
      const proposal = await write.tx.execute<{ id: number }>(sql`
        select p.id::int as id from purchase_order_proposals p join purchase_orders po on po.id = p.purchase_order_id
        where po.po_number = ${approved.po_number} and p.status = 'pending'`);
      const id = proposal.rows[0]?.id;
      if (id !== undefined)
        await decideIn(
          write,
          principal(admin, 'Admin'),
          approved.po_number,
          { proposal: id, decision: 'approve', note: '' },
          'system',
        );
    }
  }
}
