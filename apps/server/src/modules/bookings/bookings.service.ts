import {
  BOOKING_CONFIRMED,
  BOOKING_DECLINED,
  BOOKING_NOT_FOUND,
  BOOKING_REQUESTED,
  BOOKINGS_FORBIDDEN,
  type Booking,
  type BookingRequestInput,
  type BookingStatus,
  bookingNotInState,
  bookingRouted,
  CONFIRMING_FORBIDDEN,
  type ConfirmBookingInput,
  type LaneRule,
  moreThanOpen,
  noBookingLine,
  ROUTING_FORBIDDEN,
  shipmentNumberTaken,
} from '@quayside/domain/bookings';
import { canWritePurchaseOrders, canWriteRecords, isSupplier } from '@quayside/domain/permissions';
import { isClosedStatus, PO_ALREADY_CLOSED, PO_NOT_FOUND, type PoStatus } from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { bookingScope, forwarderKeySql, purchaseOrderScope } from '../../auth/visibility.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { isoTimestamp } from '../../db/iso-timestamp.ts';
import { AppError } from '../../errors.ts';
import { type Write, withWrite } from '../../write/with-write.ts';
import { doneBy, recordEvent } from '../alerts/events.ts';
import { actorOf } from '../audit/audit.service.ts';
import { sourceOf } from '../purchase-orders/purchase-orders.service.ts';

// Booking requests, each one write: requested (by the PO's supplier or an Admin, each line at most
// what is still open, routed at once when a lane rule matches), routed by an Admin, then confirmed by
// the forwarder it is routed to — creating the shipment, its line item for the PO and a part per
// line, so the PO counts them booked — or declined with a reason.

type StoredLine = { line_number: number; sku: string; description: string; qty: number };

const BOOKING_COLUMNS = sql`
  b.reference, b.status, po.po_number, po.supplier, b.requested_by_name as requested_by,
  ${isoTimestamp('b.requested_at')} as requested_at, b.cargo_ready_date::text as cargo_ready_date, b.lines,
  b.packages, b.weight_kg::float8 as weight_kg, b.volume_cbm::float8 as volume_cbm, b.origin, b.mode, b.note,
  b.forwarder_name, b.routed_by, ${isoTimestamp('b.decided_at')} as decided_at, b.decline_reason, s.shipment,
  b.carrier_booking_reference`;

const FROM = sql`booking_requests b join purchase_orders po on po.id = b.purchase_order_id
  left join shipments s on s.id = b.shipment_id`;

/** A page of the bookings the principal sees, newest first. */
export async function listBookings(
  db: Queryable,
  principal: Principal,
  query: { status?: BookingStatus | undefined; po?: string | undefined; page: number; pageSize: number },
) {
  const where = sql`${bookingScope(principal)}
    ${query.status === undefined ? sql`` : sql`and b.status = ${query.status}`}
    ${query.po === undefined ? sql`` : sql`and po.po_number = ${query.po}`}`;
  const [rows, counted] = await Promise.all([
    db.execute<Booking>(sql`select ${BOOKING_COLUMNS} from ${FROM} where ${where}
      order by b.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from ${FROM} where ${where}`),
  ]);
  return { bookings: rows.rows, total: counted.rows[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One booking as the principal sees it: 404 for one it may not see, as for one that does not exist. */
export async function getBooking(db: Queryable, principal: Principal, reference: string): Promise<Booking> {
  const found = await db.execute<Booking>(sql`
    select ${BOOKING_COLUMNS} from ${FROM} where b.reference = ${reference} and ${bookingScope(principal)}`);
  const booking = found.rows[0];
  if (booking === undefined) throw new AppError('not_found', BOOKING_NOT_FOUND);
  return booking;
}

/** POST /api/Bookings: the PO's supplier (or an Admin) asks for some of its open quantities to be booked. */
export async function requestBooking(db: Database, principal: Principal, input: BookingRequestInput) {
  if (!isSupplier(principal.role) && !canWritePurchaseOrders(principal.role))
    throw new AppError('forbidden', BOOKINGS_FORBIDDEN);
  const reference = await withWrite(db, actorOf(principal), async (write) => {
    const found = await write.tx.execute<{ id: number; status: PoStatus }>(sql`
      select po.id::int as id, po.status from purchase_orders po
      where po.po_number = ${input.po_number} and ${purchaseOrderScope(principal)} for update`);
    const po = found.rows[0];
    if (po === undefined) throw new AppError('not_found', PO_NOT_FOUND);
    if (isClosedStatus(po.status)) throw new AppError('conflict', PO_ALREADY_CLOSED);
    const lines = await bookedLines(write, po.id, input.lines);
    const rule = await matchingLaneRule(write, input.origin, input.mode);
    const inserted = await write.tx.execute<{ id: number; reference: string }>(sql`
      insert into booking_requests
        (purchase_order_id, status, requested_by_name, requested_by_email, cargo_ready_date, lines, packages,
         weight_kg, volume_cbm, origin, mode, note, forwarder_name, forwarder_key, routed_by, routed_at)
      values (${po.id}, ${rule ? 'routed' : 'requested'}, ${principal.fullName}, ${principal.email},
              ${input.cargo_ready_date}::date, ${JSON.stringify(lines)}::jsonb, ${input.packages},
              ${input.weight_kg === null ? null : String(input.weight_kg)}::numeric,
              ${input.volume_cbm === null ? null : String(input.volume_cbm)}::numeric, ${input.origin}, ${input.mode},
              ${input.note}, ${rule?.forwarder_name ?? null},
              ${rule ? forwarderKeySql(sql`${rule.forwarder_name}::text`) : null},
              ${rule ? 'lane rule' : null}, ${rule ? sql`now()` : null})
      returning id::int as id, reference`);
    const made = inserted.rows[0]?.reference ?? '';
    const bookingId = inserted.rows[0]?.id ?? 0;
    const told = { ...doneBy(principal), reference: made, poNumber: input.po_number };
    await recordEvent(write.tx, { kind: 'booking_requested', bookingId, detail: told });
    if (rule)
      await recordEvent(write.tx, {
        kind: 'booking_routed',
        bookingId,
        detail: { ...told, forwarder: rule.forwarder_name, byLaneRule: true },
      });
    write.audit({
      action: 'create',
      entity: 'booking_request',
      entityId: made,
      after: { ...input, lines, status: rule ? 'routed' : 'requested', forwarder_name: rule?.forwarder_name ?? null },
    });
    return made;
  });
  return { message: BOOKING_REQUESTED, booking: await getBooking(db, principal, reference) };
}

/**
 * The requested lines as kept (with their SKU and description), each at most its open quantity:
 * ordered, less what is booked or shipped, less what other requests not yet answered ask for.
 */
async function bookedLines(write: Write, poId: number, asked: BookingRequestInput['lines']): Promise<StoredLine[]> {
  const stored = await write.tx.execute<{ line_number: number; sku: string; description: string; open: number }>(sql`
    select l.line_number, l.sku, l.description,
           (l.ordered_qty - l.booked_qty - l.shipped_qty - coalesce((
             select sum((e ->> 'qty')::int) from booking_requests b, jsonb_array_elements(b.lines) e
             where b.purchase_order_id = l.purchase_order_id and b.status in ('requested', 'routed')
               and (e ->> 'line_number')::int = l.line_number), 0))::int as open
    from purchase_order_lines l where l.purchase_order_id = ${poId}`);
  const byNumber = new Map(stored.rows.map((line) => [line.line_number, line]));
  return asked.map((line) => {
    const known = byNumber.get(line.line_number);
    if (known === undefined) throw new AppError('invalid', noBookingLine(line.line_number));
    if (line.qty > known.open) throw new AppError('invalid', moreThanOpen(line.line_number, Math.max(known.open, 0)));
    return { line_number: line.line_number, sku: known.sku, description: known.description, qty: line.qty };
  });
}

async function matchingLaneRule(write: Write, origin: string, mode: string) {
  if (origin.trim() === '') return undefined;
  const rules = await write.tx.execute<{ forwarder_name: string }>(sql`
    select forwarder_name from booking_lane_rules
    where lower(btrim(origin)) = lower(btrim(${origin})) and (mode = '' or mode = ${mode})
    order by position limit 1`);
  return rules.rows[0];
}

type LockedBooking = {
  id: number;
  reference: string;
  status: BookingStatus;
  po_number: string;
  supplier: string;
  forwarder_name: string | null;
};

/** The booking as the principal sees it, locked for this write: 404 for one it may not see. */
async function lockBooking(write: Write, principal: Principal, reference: string): Promise<LockedBooking> {
  const found = await write.tx.execute<LockedBooking>(sql`
    select b.id::int as id, b.reference, b.status, po.po_number, po.supplier, b.forwarder_name
    from booking_requests b join purchase_orders po on po.id = b.purchase_order_id
    where b.reference = ${reference} and ${bookingScope(principal)}
    for update of b`);
  const booking = found.rows[0];
  if (booking === undefined) throw new AppError('not_found', BOOKING_NOT_FOUND);
  return booking;
}

function assertState(booking: LockedBooking, ...allowed: BookingStatus[]) {
  if (!allowed.includes(booking.status)) throw new AppError('conflict', bookingNotInState(booking.status));
}

/** POST /api/Bookings/route: an Admin sends a request (or one routed, not yet answered) to a forwarder. */
export async function routeBooking(db: Database, principal: Principal, reference: string, forwarderName: string) {
  if (!canWritePurchaseOrders(principal.role)) throw new AppError('forbidden', ROUTING_FORBIDDEN);
  const forwarder = forwarderName.trim();
  await withWrite(db, actorOf(principal), async (write) => {
    const booking = await lockBooking(write, principal, reference);
    assertState(booking, 'requested', 'routed');
    await write.tx.execute(sql`
      update booking_requests
      set status = 'routed', forwarder_name = ${forwarder}, forwarder_key = ${forwarderKeySql(sql`${forwarder}::text`)},
          routed_by = ${principal.email}, routed_at = now()
      where id = ${booking.id}`);
    await recordEvent(write.tx, {
      kind: 'booking_routed',
      bookingId: booking.id,
      detail: { ...doneBy(principal), reference, poNumber: booking.po_number, forwarder },
    });
    write.audit({
      action: 'update',
      entity: 'booking_request',
      entityId: reference,
      before: { status: booking.status },
      after: { status: 'routed', forwarder_name: forwarder },
    });
  });
  return { message: bookingRouted(forwarder), booking: await getBooking(db, principal, reference) };
}

function assertMayAnswer(principal: Principal) {
  if (!canWriteRecords(principal.role)) throw new AppError('forbidden', CONFIRMING_FORBIDDEN);
}

/**
 * POST /api/Bookings/confirm: the forwarder it is routed to (or an Admin) confirms it with a
 * shipment number: the shipment is created, as routed, with a line item for the PO and a part per
 * booked line, in the same write.
 */
export async function confirmBooking(
  db: Database,
  principal: Principal,
  reference: string,
  input: ConfirmBookingInput,
) {
  assertMayAnswer(principal);
  await withWrite(db, actorOf(principal), async (write) => {
    const booking = await lockBooking(write, principal, reference);
    assertState(booking, 'routed');
    const { tx } = write;
    const created = await tx.execute<{ id: number }>(sql`
      insert into shipments (shipment, forwarder_name, consignor_name, origin, mode, etd, dest_eta, weight, wtuq, volume, voluq, "outer")
      select ${input.shipment}, b.forwarder_name, ${booking.supplier}, b.origin, b.mode,
             ${input.etd}::date::timestamptz, ${input.dest_eta}::date::timestamptz,
             b.weight_kg, case when b.weight_kg is null then '' else 'KG' end,
             b.volume_cbm, case when b.volume_cbm is null then '' else 'M3' end, b.packages
      from booking_requests b where b.id = ${booking.id}
      on conflict (shipment) do nothing
      returning id::int as id`);
    const shipmentId = created.rows[0]?.id;
    if (shipmentId === undefined) throw new AppError('conflict', shipmentNumberTaken(input.shipment));
    const lineItem = await tx.execute<{ id: number }>(sql`
      insert into line_items (shipment_id, title, po_review_required)
      values (${shipmentId}, ${booking.po_number}, ${[...booking.po_number].length})
      returning id::int as id`);
    await tx.execute(sql`
      insert into parts (line_item_id, part_number, qty)
      select ${lineItem.rows[0]?.id}, e ->> 'sku', (e ->> 'qty')::int
      from booking_requests b, jsonb_array_elements(b.lines) e where b.id = ${booking.id}`);
    await tx.execute(sql`
      update booking_requests
      set status = 'confirmed', decided_by = ${principal.email}, decided_at = now(), shipment_id = ${shipmentId},
          carrier_booking_reference = ${input.carrier_booking_reference}
      where id = ${booking.id}`);
    await tx.execute(sql`
      insert into purchase_order_history (purchase_order_id, kind, actor_email, source, summary, shipment_id)
      select b.purchase_order_id, 'booked', ${principal.email}, ${sourceOf(principal)},
             ${`Booking ${reference} confirmed: shipment ${input.shipment}`}, ${shipmentId}
      from booking_requests b where b.id = ${booking.id}`);
    await recordEvent(tx, {
      kind: 'booking_confirmed',
      bookingId: booking.id,
      detail: {
        ...doneBy(principal),
        reference,
        poNumber: booking.po_number,
        forwarder: booking.forwarder_name,
        shipment: input.shipment,
      },
    });
    write.shipmentsChanged([shipmentId]);
    write.audit(
      { action: 'create', entity: 'shipment', entityId: input.shipment, after: { booking: reference, ...input } },
      {
        action: 'update',
        entity: 'booking_request',
        entityId: reference,
        before: { status: 'routed' },
        after: { status: 'confirmed', shipment: input.shipment },
      },
    );
  });
  return { message: BOOKING_CONFIRMED, booking: await getBooking(db, principal, reference) };
}

/** POST /api/Bookings/decline: the forwarder it is routed to (or an Admin) declines it, saying why. */
export async function declineBooking(db: Database, principal: Principal, reference: string, reason: string) {
  assertMayAnswer(principal);
  await withWrite(db, actorOf(principal), async (write) => {
    const booking = await lockBooking(write, principal, reference);
    assertState(
      booking,
      ...(canWritePurchaseOrders(principal.role) ? (['requested', 'routed'] as const) : (['routed'] as const)),
    );
    await write.tx.execute(sql`
      update booking_requests
      set status = 'declined', decided_by = ${principal.email}, decided_at = now(), decline_reason = ${reason}
      where id = ${booking.id}`);
    await recordEvent(write.tx, {
      kind: 'booking_declined',
      bookingId: booking.id,
      detail: {
        ...doneBy(principal),
        reference,
        poNumber: booking.po_number,
        forwarder: booking.forwarder_name ?? principal.fullName,
        reason,
      },
    });
    write.audit({
      action: 'update',
      entity: 'booking_request',
      entityId: reference,
      before: { status: booking.status },
      after: { status: 'declined', reason },
    });
  });
  return { message: BOOKING_DECLINED, booking: await getBooking(db, principal, reference) };
}

export async function getLaneRules(db: Queryable, principal: Principal): Promise<{ rules: LaneRule[] }> {
  if (!canWritePurchaseOrders(principal.role)) throw new AppError('forbidden', ROUTING_FORBIDDEN);
  const rows = await db.execute<LaneRule>(sql`
    select origin, mode, forwarder_name from booking_lane_rules order by position`);
  return { rules: rows.rows };
}

/** Replaces the lane rules, in the order given. */
export async function saveLaneRules(db: Database, principal: Principal, rules: readonly LaneRule[]) {
  const before = await getLaneRules(db, principal);
  await withWrite(db, actorOf(principal), async (write) => {
    await write.tx.execute(sql`delete from booking_lane_rules`);
    for (const [position, rule] of rules.entries())
      await write.tx.execute(sql`
        insert into booking_lane_rules (position, origin, mode, forwarder_name)
        values (${position}, ${rule.origin}, ${rule.mode}, ${rule.forwarder_name})`);
    write.audit({ action: 'update', entity: 'booking_lane_rules', entityId: '1', before, after: { rules } });
  });
  return { rules: [...rules] };
}
