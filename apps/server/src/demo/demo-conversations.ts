import { MessageInput } from '@quayside/domain/messages';
import { sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/client.ts';
import { postMessage } from '../modules/messages/messages.service.ts';

// The demo's conversations, written through the same call as the API's: on the PO whose proposal
// waits, the supplier's word and an internal note between staff; on the confirmed booking, the
// supplier and the forwarder agreeing the pickup.

export async function seedConversations(
  db: Database,
  people: { supplier: Principal; admin: Principal; employee: Principal; forwarder: Principal },
) {
  const write = (principal: Principal, input: Record<string, unknown>) =>
    postMessage(db, principal, MessageInput.parse(input));
  const waiting = await db.execute<{ po_number: string }>(sql`
    select po.po_number from purchase_orders po join purchase_order_proposals p on p.purchase_order_id = po.id
    where p.status = 'pending' and p.proposed_by_email = ${people.supplier.email} order by po.id limit 1`);
  const po = waiting.rows[0]?.po_number;
  if (po !== undefined) {
    const record = { record: 'purchase_order', key: po };
    const asked = await write(people.supplier, {
      ...record,
      body: 'The resin for this order is two weeks late at our supplier; the new date is in the proposal.',
    });
    await write(people.admin, {
      ...record,
      body: 'Can we accept two weeks? The line-down stock covers us until the end of the month.',
      internal: true,
      mentions: [people.employee.personId],
    });
    await write(people.employee, { ...record, body: 'Yes, two weeks is fine.', internal: true });
    await write(people.admin, { ...record, body: 'Thank you: we will look at it today.', reply_to: asked.id });
  }
  const confirmed = await db.execute<{ reference: string }>(sql`
    select reference from booking_requests where status = 'confirmed' order by id limit 1`);
  const reference = confirmed.rows[0]?.reference;
  if (reference !== undefined) {
    const record = { record: 'booking', key: reference };
    await write(people.supplier, { ...record, body: 'Pickup from dock 4, 09:00-16:00. Please call ahead.' });
    await write(people.forwarder, { ...record, body: 'Truck booked for the morning of the cargo-ready date.' });
  }
}
