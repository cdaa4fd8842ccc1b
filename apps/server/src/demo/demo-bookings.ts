import { BookingRequestInput } from '@quayside/domain/bookings';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal.ts';
import { supplierKeySql } from '../auth/visibility.ts';
import type { Database } from '../db/client.ts';
import { people } from '../db/schema.ts';
import { principalOfPerson } from '../modules/alerts/alert-recipients.ts';
import { confirmBooking, requestBooking, routeBooking } from '../modules/bookings/bookings.service.ts';

// The demo's booking requests, made through the same calls as the API's: for a demo supplier, one
// request waiting to be routed, and one routed to a demo forwarder and confirmed, which created its
// shipment (DEMO-BK-…).

/** The demo person of this e-mail as their own requests would be. */
export async function principalOf(db: Database, email: string): Promise<Principal> {
  const [person] = await db.select().from(people).where(eq(people.email, email));
  const principal = person && principalOfPerson(person);
  if (!principal) throw new Error(`demo person ${email} is missing`);
  return principal;
}

export async function seedBookings(
  db: Database,
  emails: { supplier: string; admin: string; forwarder: string },
  now: Date,
) {
  const contact = await principalOf(db, emails.supplier);
  const admin = await principalOf(db, emails.admin);
  const forwarder = await principalOf(db, emails.forwarder);
  const open = await db.execute<{ po_number: string; line_number: number; qty: number }>(sql`
    select po.po_number, l.line_number, (l.ordered_qty - l.booked_qty - l.shipped_qty)::int as qty
    from purchase_orders po join purchase_order_lines l on l.purchase_order_id = po.id
    where ${supplierKeySql(sql`po.supplier`)} = ${contact.company.trim().toLowerCase()}
      and po.status = 'open' and l.ordered_qty - l.booked_qty - l.shipped_qty >= 2
    order by po.po_number collate "C", l.line_number limit 2`);
  const ready = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const ask = (row: { po_number: string; line_number: number; qty: number }, origin: string) =>
    requestBooking(
      db,
      contact,
      BookingRequestInput.parse({
        po_number: row.po_number,
        cargo_ready_date: ready,
        lines: [{ line_number: row.line_number, qty: Math.floor(row.qty / 2) }],
        packages: 10,
        weight_kg: 850,
        volume_cbm: 4.2,
        origin,
        mode: 'LCL',
        note: 'Palletised, forklift needed at pickup.',
      }),
    );
  const [waiting, confirmed] = open.rows;
  if (waiting) await ask(waiting, 'CNNGB');
  if (confirmed) {
    const { booking } = await ask(confirmed, 'CNNGB');
    await routeBooking(db, admin, booking.reference, forwarder.company);
    await confirmBooking(db, forwarder, booking.reference, {
      shipment: `DEMO-${booking.reference}`,
      carrier_booking_reference: '',
      etd: new Date(now.getTime() + 10 * 86_400_000).toISOString().slice(0, 10),
      dest_eta: new Date(now.getTime() + 38 * 86_400_000).toISOString().slice(0, 10),
    });
  }
}
