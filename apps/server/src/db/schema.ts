import { DEFAULT_ETA_SLIP_DAYS, MAX_ETA_SLIP_DAYS } from '@quayside/domain/exceptions';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  date as pgDate,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const date = (name: string) => timestamp(name, { withTimezone: true });

/** One row per shipment number; columns are the spec's Shipment labels in snake_case. */
export const shipments = pgTable(
  'shipments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipment: text('shipment').notNull().unique(),
    forwarder_name: text('forwarder_name').notNull().default(''),
    consignee_name: text('consignee_name').notNull().default(''),
    consignor_name: text('consignor_name').notNull().default(''),
    origin: text('origin').notNull().default(''),
    dest: text('dest').notNull().default(''),
    house: text('house').notNull().default(''),
    master: text('master').notNull().default(''),
    job_notes: text('job_notes').notNull().default(''),
    mode: text('mode').notNull().default(''),
    container_number: text('container_number').notNull().default(''),
    vessel: text('vessel').notNull().default(''),
    arrival_vessel: text('arrival_vessel').notNull().default(''),
    weight: numeric('weight'),
    wtuq: text('wtuq').notNull().default(''),
    volume: numeric('volume'),
    voluq: text('voluq').notNull().default(''),
    outer: numeric('outer'),
    packtype: text('packtype').notNull().default(''),
    uq_outer: text('uq_outer').notNull().default(''),
    obl_received_date: date('obl_received_date'),
    etd: date('etd'),
    origin_etd: date('origin_etd'),
    atd: date('atd'),
    eta: date('eta'),
    dest_eta: date('dest_eta'),
    ata: date('ata'),
    est_delivery: date('est_delivery'),
    act_delivery: date('act_delivery'),
    charge: numeric('charge'),
    uq_charge: text('uq_charge').notNull().default(''),
    trans: text('trans').notNull().default(''),
    cntr: text('cntr').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    // How a carrier event finds its shipment (modules/carrier-events/match.ts): each container of
    // Container #, and Master and House, compared without case or punctuation.
    index('shipments_containers').using(
      'gin',
      sql`regexp_split_to_array(upper(${table.container_number}), '[^A-Z0-9]+')`,
    ),
    index('shipments_master_key').on(sql`upper(regexp_replace(${table.master}, '[^A-Za-z0-9]+', '', 'g'))`),
    index('shipments_house_key').on(sql`upper(regexp_replace(${table.house}, '[^A-Za-z0-9]+', '', 'g'))`),
  ],
);

/**
 * One row per (PO number, shipment). Shipment-level fields are read from the shipment,
 * never copied, so a changed ETA shows on every line item at once.
 */
export const lineItems = pgTable(
  'line_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipment_id: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    po_review_required: integer('po_review_required').notNull(),
    ignore_po_character_count: boolean('ignore_po_character_count').notNull().default(false),
    hide_lineitem: boolean('hide_lineitem').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('line_items_title_shipment_key').on(table.title, table.shipment_id),
    index().on(table.shipment_id),
  ],
);

/**
 * What the exceptions (domain's exceptions.ts) are decided on, so each is one index range as of any
 * day (modules/exceptions/exception-sql.ts): a date that, once passed, makes the exception. All
 * are the shipment's own; line_item_rows and shipment_facts carry them.
 */
const exceptionDates = () => ({
  /** ETD (else Origin ETD) while there is no ATD. */
  departure_due: pgDate('departure_due', { mode: 'string' }),
  /** Dest. ETA while there is no ATA. */
  arrival_due: pgDate('arrival_due', { mode: 'string' }),
  /** Est Delivery while there is no Act Delivery. */
  delivery_due: pgDate('delivery_due', { mode: 'string' }),
  /** Days Dest. ETA now lies after its first promise, while there is no ATA. */
  eta_slip_days: integer('eta_slip_days'),
  /** The earliest milestone after which a required document is still missing. */
  documents_due: pgDate('documents_due', { mode: 'string' }),
  /** The day the shipment was last changed, while it is in transit (ATD, no ATA). */
  in_transit_updated: pgDate('in_transit_updated', { mode: 'string' }),
});

/**
 * What a line item's purchase order (the PO whose number is its title) has its exceptions decided
 * on (modules/exceptions/exception-sql.ts): the PO's kept figures, copied to each of its line items'
 * rows, each null while the PO is closed (it then has none) or the figure is nothing.
 */
const poExceptionBasis = () => ({
  /** The PO's status; null when no PO of that number exists (the dashboard then has no PO page to link to). */
  po_status: text('po_status'),
  /** The earliest requested day of a line with quantity not shipped. */
  po_overdue_from: pgDate('po_overdue_from', { mode: 'string' }),
  /** The cargo-ready date while some ordered quantity is neither booked nor shipped. */
  po_booking_due: pgDate('po_booking_due', { mode: 'string' }),
  /** Days the next cargo-ready date to book is later than the PO's first one. */
  po_cargo_ready_slip_days: integer('po_cargo_ready_slip_days'),
  /** What receipts fell short of what their shipments carried. */
  po_short_qty: integer('po_short_qty'),
  /** What was shipped beyond the ordered quantities. */
  po_over_shipped_qty: integer('po_over_shipped_qty'),
  /** SKUs shipped under the PO that it does not order. */
  po_unknown_skus: integer('po_unknown_skus'),
});

/**
 * The dashboard's read model: one row per line item holding every column the dashboard shows,
 * filters, sorts and searches, as displayed. It is kept in step with shipments, line items and
 * parts inside each write's transaction (see line-item-rows.ts), so it is never stale; it exists
 * so that search (one trigram index) and sorting (one btree per column) need no join.
 * Its text columns use the "C" collation (set in the migration): byte order and ASCII-only case
 * folding, identical on every engine and locale.
 */
export const lineItemRows = pgTable(
  'line_item_rows',
  {
    line_item_id: bigint('line_item_id', { mode: 'number' })
      .primaryKey()
      .references(() => lineItems.id, { onDelete: 'cascade' }),
    shipment_id: bigint('shipment_id', { mode: 'number' }).notNull(),
    forwarder_key: text('forwarder_key').notNull(),
    is_hidden: boolean('is_hidden').notNull(),
    title: text('title').notNull(),
    related_shipment: text('related_shipment').notNull(),
    forwarder_name: text('forwarder_name').notNull(),
    cosignee_name: text('cosignee_name').notNull(),
    origin_port: text('origin_port').notNull(),
    destination_port: text('destination_port').notNull(),
    transit_type: text('transit_type').notNull(),
    number_of_parts: integer('number_of_parts').notNull(),
    part_numbers: text('part_numbers').notNull(),
    total_qty: bigint('total_qty', { mode: 'number' }).notNull(),
    atd: pgDate('atd', { mode: 'string' }),
    dest_eta: pgDate('dest_eta', { mode: 'string' }),
    ata: pgDate('ata', { mode: 'string' }),
    est_delivery: pgDate('est_delivery', { mode: 'string' }),
    house: text('house').notNull(),
    master: text('master').notNull(),
    ...exceptionDates(),
    ...poExceptionBasis(),
    /** Case-folded displayed text of the DR report's columns, joined by U+0001. */
    search_dr: text('search_dr').notNull(),
    /** The same for the Default Report's other columns. */
    search_default_only: text('search_default_only').notNull(),
  },
  (table) => [index().on(table.shipment_id)],
);

/** A transaction's id as PostgreSQL 13+ writes it (xid8): it never wraps around. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Which dashboard rows each transaction changed, written by statement triggers on line_item_rows
 * (line-items/columnar/line-item-row-changes.sql), so no write path can forget it: the line item,
 * or null for every row (a truncate). Each server's in-memory copy of the rows reads the changes
 * its last snapshot had not seen (columnar/rows-copy.ts). Pruned after an hour.
 */
export const lineItemRowChanges = pgTable(
  'line_item_row_changes',
  {
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    line_item_id: bigint('line_item_id', { mode: 'number' }),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.xid), index().on(table.changed_at)],
);

export const parts = pgTable(
  'parts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    line_item_id: bigint('line_item_id', { mode: 'number' })
      .notNull()
      .references(() => lineItems.id, { onDelete: 'cascade' }),
    part_number: text('part_number').notNull(),
    qty: integer('qty'),
    ...timestamps,
  },
  (table) => [unique('parts_line_item_part_key').on(table.line_item_id, table.part_number)],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipment_id: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    file_name: text('file_name').notNull(),
    document_type: text('document_type').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storage_key: text('storage_key').notNull().unique(),
    uploaded_by: bigint('uploaded_by', { mode: 'number' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.shipment_id), index().on(table.created_at)],
);

/**
 * Every change of a shipment's dates: written by a trigger on shipments (migration 0008), so no
 * writer can forget it. Who and through what come from the write door's transaction settings
 * (write/with-write.ts). A row is written only when a value changes: an import of the same file
 * twice records nothing the second time.
 */
export const shipmentDateChanges = pgTable(
  'shipment_date_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipment_id: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** The shipments column (etd, dest_eta, ...). */
    field: text('field').notNull(),
    old_value: timestamp('old_value', { withTimezone: true }),
    new_value: timestamp('new_value', { withTimezone: true }),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    actor_person_id: bigint('actor_person_id', { mode: 'number' }),
    actor_email: text('actor_email'),
    /** screen, api, cli, import:<id>, or database (a write that did not come through the door). */
    source: text('source').notNull(),
  },
  (table) => [index().on(table.shipment_id, table.field, table.id)],
);

/**
 * What happened to a shipment that people may want to hear of (alerts, webhooks): a departure or
 * arrival recorded, its Dest. ETA moved later, a document uploaded (written by the database's
 * triggers, migration 0009, so no writer can forget one), or a new exception (the daily sweep).
 */
/**
 * Who may post carrier events (DCSA Track & Trace): a carrier or provider an Admin named, with the
 * digest of its bearer token and, when its notifications are signed, the signing key. A
 * forwarder's integration matches only that company's shipments.
 */
export const carrierIntegrations = pgTable('carrier_integrations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull().unique(),
  forwarder_name: text('forwarder_name'),
  token_hash: text('token_hash').notNull().unique(),
  signing_secret: text('signing_secret'),
  created_by: text('created_by').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Each carrier event as received (its DCSA body whole), what it was matched to, and what became
 * of it (domain's CARRIER_EVENT_OUTCOMES). A sender's eventID is received once.
 */
export const carrierEvents = pgTable(
  'carrier_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    integration_id: bigint('integration_id', { mode: 'number' }).references(() => carrierIntegrations.id),
    /** The integration's name, or the visibility provider's ('provider:<name>'). */
    sender: text('sender').notNull(),
    event_id: text('event_id').notNull(),
    event_type: text('event_type').notNull(),
    code: text('code').notNull(),
    classifier: text('classifier').notNull(),
    event_at: timestamp('event_at', { withTimezone: true }).notNull(),
    /** eventDateTime as sent, with its own offset: the place's local time. */
    event_at_text: text('event_at_text').notNull(),
    /** eventCreatedDateTime: of two reports of one date, the newer decides. */
    event_created_at: timestamp('event_created_at', { withTimezone: true }).notNull(),
    location: text('location').notNull().default(''),
    vessel: text('vessel').notNull().default(''),
    equipment: text('equipment').notNull().default(''),
    containers: jsonb('containers').$type<string[]>().notNull().default([]),
    documents: jsonb('documents').$type<string[]>().notNull().default([]),
    bookings: jsonb('bookings').$type<string[]>().notNull().default([]),
    body: jsonb('body').notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    shipment_id: bigint('shipment_id', { mode: 'number' }).references(() => shipments.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    /** The shipments column it set (atd, ata, dest_eta, origin_etd). */
    applied_field: text('applied_field'),
    reason: text('reason'),
    /** The shipment numbers it matched, when several. */
    candidates: jsonb('candidates').$type<string[]>().notNull().default([]),
    resolved_by: text('resolved_by'),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    unique('carrier_events_sender_event').on(table.sender, table.event_id),
    index().on(table.shipment_id, table.event_at),
    index('carrier_events_waiting').on(table.id).where(sql`${table.outcome} in ('unmatched', 'ambiguous')`),
    check(
      'carrier_events_outcome',
      sql`${table.outcome} in ('applied', 'recorded', 'unmatched', 'ambiguous', 'dismissed')`,
    ),
  ],
);

/** A shipment shared without sign-in: the digest of the link's token, until withdrawn. */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipment_id: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index().on(table.shipment_id)],
);

/**
 * What happened, for alerts and webhooks to tell of (domain's EVENT_KINDS): to a shipment, or to a
 * purchase order or booking, each event naming exactly one of them; a conversation's event names the
 * message too, and the record of its thread. The table kept its first name, so a server of the
 * previous release reads its shipment events during a rolling upgrade (and skips the others).
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipment_id: bigint('shipment_id', { mode: 'number' }).references(() => shipments.id, { onDelete: 'cascade' }),
    purchase_order_id: bigint('purchase_order_id', { mode: 'number' }).references(() => purchaseOrders.id, {
      onDelete: 'cascade',
    }),
    booking_id: bigint('booking_id', { mode: 'number' }).references(() => bookingRequests.id, {
      onDelete: 'cascade',
    }),
    message_id: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** As in shipment_date_changes: screen, api, cli, import:<id>, database, system. */
    source: text('source').notNull(),
  },
  (table) => [
    index().on(table.shipment_id, table.id),
    index().on(table.purchase_order_id),
    index().on(table.booking_id),
    index().on(table.message_id),
    check(
      'shipment_events_one_record',
      sql`num_nonnulls(${table.shipment_id}, ${table.purchase_order_id}, ${table.booking_id}) = 1`,
    ),
  ],
);

/** The exceptions each shipment had at the last sweep: one it did not have is a new_exception event. */
export const shipmentExceptionState = pgTable(
  'shipment_exception_state',
  {
    shipment_id: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** A purchase order's exception is one per PO the shipment carries (its number); others are the shipment's (''). */
    subject: text('subject').notNull().default(''),
    /** The day the sweep first saw it. */
    since: pgDate('since', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shipment_id, table.kind, table.subject] })],
);

/** Each exception sweep: the day it decided on, and how many exceptions it opened and closed. */
export const exceptionSweeps = pgTable('exception_sweeps', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  as_of: pgDate('as_of', { mode: 'string' }).notNull(),
  started_at: timestamp('started_at', { withTimezone: true }).notNull(),
  finished_at: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  opened: integer('opened').notNull(),
  closed: integer('closed').notNull(),
});

/**
 * What a person follows for alerts: one shipment, or a saved filter of line items
 * ('all late arrivals of Kestrel Freight': the dashboard's query in its wire form, `query`).
 */
export const follows = pgTable(
  'follows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    person_id: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    shipment_id: bigint('shipment_id', { mode: 'number' }).references(() => shipments.id, { onDelete: 'cascade' }),
    name: text('name'),
    query: jsonb('query'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The event kinds (domain's EVENT_KINDS) this follow tells of. */
    event_kinds: text('event_kinds')
      .array()
      .notNull()
      .default(sql`'{new_exception,eta_slipped,departed,arrived,document_uploaded}'::text[]`),
    /** How this follow tells: 'email' at once, 'digest' daily, 'app' in the bell only; null: as the person's preference for each kind says. */
    channel: text('channel'),
  },
  (table) => [
    unique('follows_person_shipment').on(table.person_id, table.shipment_id),
    // The same saved filter twice is one follow (jsonb's text is canonical; hashed, as a long query outgrows an index entry).
    uniqueIndex('follows_person_query').on(table.person_id, sql`md5((${table.query})::text)`),
    index().on(table.shipment_id),
    check('follows_one_target', sql`(${table.shipment_id} is null) <> (${table.query} is null)`),
    check('follows_channel', sql`${table.channel} in ('email', 'digest', 'app')`),
  ],
);

/** How a person hears of each event kind: 'email' at once, 'digest' daily, 'app' in the bell only. */
export const alertPreferences = pgTable(
  'alert_preferences',
  {
    person_id: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    event_kind: text('event_kind').notNull(),
    channel: text('channel').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.person_id, table.event_kind] }),
    check('alert_preferences_channel', sql`${table.channel} in ('email', 'digest', 'app')`),
  ],
);

/** One event for one person: the bell lists these; the e-mail and digest jobs send them. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    person_id: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    event_id: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => shipmentEvents.id, { onDelete: 'cascade' }),
    /** The person's channel for the event's kind when it happened. */
    channel: text('channel').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
    mailed_at: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    // A shipment followed and also in a followed filter is told once.
    unique('notifications_person_event').on(table.person_id, table.event_id),
    index().on(table.person_id, table.id),
    index('notifications_unmailed').on(table.channel, table.id).where(sql`${table.mailed_at} is null`),
  ],
);

/** How far the dispatcher has read shipment_events: one row, locked while it works (one server at a time). */
/**
 * Events recorded and not yet dispatched (shipment-events.sql adds each one), with the event's
 * shipment's dashboard rows as they were just before it (line_item_rows as jsonb): a followed
 * filter tells of an event of a shipment that was in it before, even when the event took it out
 * (an ATA recorded ends a late arrival).
 */
export const undispatchedEvents = pgTable('undispatched_events', {
  event_id: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => shipmentEvents.id, { onDelete: 'cascade' }),
  rows_before: jsonb('rows_before'),
});

export const eventDispatch = pgTable(
  'event_dispatch',
  {
    id: integer('id').primaryKey().default(1),
    last_event_id: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('event_dispatch_single_row', sql`${table.id} = 1`)],
);

/**
 * An integrator's endpoint (registered by an Admin): the event kinds it wants and its signing
 * secret, and how its receiver is doing. One delivery at a time goes to a receiver (a deliverer
 * leases it until `lease_until`); after a failure it rests until `backoff_until`; after
 * `consecutive_failures` reach the limit it is paused until an Admin resumes it.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    url: text('url').notNull(),
    event_kinds: jsonb('event_kinds').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    /** domain's WEBHOOK_SIGNINGS: quayside (Quayside-Signature) or standard (Standard Webhooks). */
    signing: text('signing').notNull().default('quayside'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    consecutive_failures: integer('consecutive_failures').notNull().default(0),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    backoff_until: timestamp('backoff_until', { withTimezone: true }),
    paused_at: timestamp('paused_at', { withTimezone: true }),
    paused_reason: text('paused_reason'),
  },
  (table) => [check('webhooks_signing', sql`${table.signing} in ('quayside', 'standard')`)],
);

/** Each event owed to each webhook, and how its delivery went: the delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhook_id: bigint('webhook_id', { mode: 'number' })
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event_id: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => shipmentEvents.id, { onDelete: 'cascade' }),
    /** pending (next_try_at says when), delivered, or failed (no tries left). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_status: integer('last_status'),
    /** The last try's outcome, classified: delivered, http, timeout, refused, tls, dns, blocked, unreachable. */
    last_outcome: text('last_outcome'),
    last_error: text('last_error'),
    last_try_at: timestamp('last_try_at', { withTimezone: true }),
    next_try_at: timestamp('next_try_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('webhook_deliveries_hook_event').on(table.webhook_id, table.event_id),
    index('webhook_deliveries_due').on(table.next_try_at).where(sql`${table.status} = 'pending'`),
    check('webhook_deliveries_status', sql`${table.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/**
 * How many read-model rows of each forwarder company (hidden and not) have each value of each
 * column an exception rule compares (dates as days since 1970-01-01): the exception summary sums a
 * few thousand of these instead of counting a million rows. Kept by triggers on line_item_rows
 * (migration 0011), like line_item_counts.
 */
export const exceptionCounts = pgTable(
  'exception_counts',
  {
    forwarder_key: text('forwarder_key').notNull(),
    is_hidden: boolean('is_hidden').notNull(),
    basis: text('basis').notNull(),
    value: integer('value').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.forwarder_key, table.is_hidden, table.basis, table.value] })],
);

/** The Admin's analytics settings: one row. */
export const analyticsSettings = pgTable(
  'analytics_settings',
  {
    id: integer('id').primaryKey().default(1),
    on_time_grace_days: integer('on_time_grace_days').notNull().default(1),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('analytics_settings_single_row', sql`${table.id} = 1`),
    check('analytics_settings_grace_days', sql`${table.on_time_grace_days} between 0 and 30`),
  ],
);

/**
 * What the figures of /analytics read, one row per shipment: its filters, its dates as UTC days,
 * its first promises (from the date history), how often its Dest. ETA moved later, whether its
 * documents came in time, and its line items and part quantity (all, and those not hidden). The
 * write path keeps the shipment's own columns (write/with-write.ts); triggers on line_item_rows keep
 * the counts and the exception dates, which are the shipment's own and so the same on each of its
 * rows (migration 0014). Each figure is one pass over this narrow table.
 */
export const shipmentFacts = pgTable(
  'shipment_facts',
  {
    shipment_id: bigint('shipment_id', { mode: 'number' })
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    forwarder_key: text('forwarder_key').notNull().default(''),
    forwarder_name: text('forwarder_name').notNull().default(''),
    mode: text('mode').notNull().default(''),
    transit_type: text('transit_type').notNull().default(''),
    origin: text('origin').notNull().default(''),
    dest: text('dest').notNull().default(''),
    consignee_name: text('consignee_name').notNull().default(''),
    atd: pgDate('atd', { mode: 'string' }),
    dest_eta: pgDate('dest_eta', { mode: 'string' }),
    ata: pgDate('ata', { mode: 'string' }),
    act_delivery: pgDate('act_delivery', { mode: 'string' }),
    first_dest_eta: pgDate('first_dest_eta', { mode: 'string' }),
    first_est_delivery: pgDate('first_est_delivery', { mode: 'string' }),
    dest_eta_set: pgDate('dest_eta_set', { mode: 'string' }),
    eta_slips: integer('eta_slips').notNull().default(0),
    documents_in_time: boolean('documents_in_time'),
    // The dates the exception rules compare, as every line_item_rows row of the shipment has them.
    ...exceptionDates(),
    line_items: integer('line_items').notNull().default(0),
    shown_line_items: integer('shown_line_items').notNull().default(0),
    part_quantity: bigint('part_quantity', { mode: 'number' }).notNull().default(0),
    shown_part_quantity: bigint('shown_part_quantity', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index().on(table.atd),
    index().on(table.dest_eta),
    index().on(table.forwarder_key, table.atd),
    index().on(table.forwarder_key, table.dest_eta),
  ],
);

/** The Admin's exception rules: one row. */
export const exceptionSettings = pgTable(
  'exception_settings',
  {
    id: integer('id').primaryKey().default(1),
    eta_slip_days: integer('eta_slip_days').notNull().default(DEFAULT_ETA_SLIP_DAYS),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('exception_settings_single_row', sql`${table.id} = 1`),
    check(
      'exception_settings_slip_days',
      sql`${table.eta_slip_days} between 1 and ${sql.raw(String(MAX_ETA_SLIP_DAYS))}`,
    ),
  ],
);

/** The documents each Mode must have once a milestone has passed ('*': every mode). */
export const requiredDocuments = pgTable(
  'required_documents',
  {
    mode: text('mode').notNull(),
    document_type: text('document_type').notNull(),
    /** The milestone: 'atd' or 'act_delivery'. */
    after: text('after').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.mode, table.document_type] }),
    check('required_documents_after', sql`${table.after} in ('atd', 'act_delivery')`),
  ],
);

/**
 * A purchase order as the ERP issued it (POST /api/PurchaseOrders, the PO import). Its number is the
 * `title` of the line items that ship it. The columns after `short_closed_reason` are its figures,
 * kept by purchase_orders_sync (modules/purchase-orders/purchase-orders.sql) in every write's
 * transaction, so the list filters and sorts them by index; packages/domain/src/purchase-orders.ts
 * defines them (`reconcilePurchaseOrder`).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    po_number: text('po_number').notNull().unique(),
    supplier: text('supplier').notNull().default(''),
    order_date: pgDate('order_date', { mode: 'string' }),
    cargo_ready_date: pgDate('cargo_ready_date', { mode: 'string' }),
    requested_delivery_date: pgDate('requested_delivery_date', { mode: 'string' }),
    incoterm: text('incoterm').notNull().default(''),
    currency: text('currency').notNull().default(''),
    notes: text('notes').notNull().default(''),
    short_closed_at: timestamp('short_closed_at', { withTimezone: true }),
    short_closed_reason: text('short_closed_reason'),
    /** Where it stands with its supplier: awaiting, proposed (a proposal waits for a decision), confirmed. */
    confirmation: text('confirmation').notNull().default('awaiting'),
    /** When the supplier last confirmed it (or staff approved its proposal); cleared when it is amended. */
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    status: text('status').notNull().default('open'),
    line_count: integer('line_count').notNull().default(0),
    ordered_qty: bigint('ordered_qty', { mode: 'number' }).notNull().default(0),
    booked_qty: bigint('booked_qty', { mode: 'number' }).notNull().default(0),
    shipped_qty: bigint('shipped_qty', { mode: 'number' }).notNull().default(0),
    arrived_qty: bigint('arrived_qty', { mode: 'number' }).notNull().default(0),
    received_qty: bigint('received_qty', { mode: 'number' }).notNull().default(0),
    open_qty: bigint('open_qty', { mode: 'number' }).notNull().default(0),
    over_shipped_qty: bigint('over_shipped_qty', { mode: 'number' }).notNull().default(0),
    short_qty: bigint('short_qty', { mode: 'number' }).notNull().default(0),
    unknown_skus: integer('unknown_skus').notNull().default(0),
    /** The earliest requested day of a line with open quantity: the PO is overdue once it has passed. */
    overdue_from: pgDate('overdue_from', { mode: 'string' }),
    /** The cargo-ready date while some ordered quantity is neither booked nor shipped. */
    booking_due: pgDate('booking_due', { mode: 'string' }),
    /** The first cargo-ready date the PO had: a later one it must still book by has slipped. */
    first_cargo_ready_date: pgDate('first_cargo_ready_date', { mode: 'string' }),
    /** Days booking_due is later than first_cargo_ready_date; null when it is not later. */
    cargo_ready_slip_days: integer('cargo_ready_slip_days'),
    /** The first ATD (else ATA) of a shipment carrying it; the last day a receipt was recorded. */
    first_departed_on: pgDate('first_departed_on', { mode: 'string' }),
    last_received_on: pgDate('last_received_on', { mode: 'string' }),
    /** Lower-cased PO number, supplier and SKUs, for the list's search (a trigram index). */
    search: text('search').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    check(
      'purchase_orders_status',
      sql`${table.status} in ('open', 'partly_shipped', 'shipped', 'received', 'short_closed')`,
    ),
    check('purchase_orders_confirmation', sql`${table.confirmation} in ('awaiting', 'proposed', 'confirmed')`),
    index().on(table.supplier),
    index().on(table.status, table.po_number),
  ],
);

/** A PO's lines: one per line number, each SKU once. The columns after `requested_date` are its figures. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchase_order_id: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    line_number: integer('line_number').notNull(),
    sku: text('sku').notNull(),
    description: text('description').notNull().default(''),
    ordered_qty: integer('ordered_qty').notNull(),
    unit: text('unit').notNull().default(''),
    unit_price: numeric('unit_price'),
    requested_date: pgDate('requested_date', { mode: 'string' }),
    /** The day the line is ready, once an approved proposal set one; null: the PO's cargo-ready date. */
    cargo_ready_date: pgDate('cargo_ready_date', { mode: 'string' }),
    /** An approved split: [{qty, cargo_ready_date}] in date order, summing to ordered_qty; null: one delivery. */
    deliveries: jsonb('deliveries').$type<{ qty: number; cargo_ready_date: string }[]>(),
    booked_qty: bigint('booked_qty', { mode: 'number' }).notNull().default(0),
    shipped_qty: bigint('shipped_qty', { mode: 'number' }).notNull().default(0),
    arrived_qty: bigint('arrived_qty', { mode: 'number' }).notNull().default(0),
    received_qty: bigint('received_qty', { mode: 'number' }).notNull().default(0),
    short_qty: bigint('short_qty', { mode: 'number' }).notNull().default(0),
    /** The last day a receipt of this SKU was recorded (OTIF's 'on time'). */
    last_received_on: pgDate('last_received_on', { mode: 'string' }),
  },
  (table) => [
    unique('purchase_order_lines_line_key').on(table.purchase_order_id, table.line_number),
    unique('purchase_order_lines_sku_key').on(table.purchase_order_id, table.sku),
    check('purchase_order_lines_ordered_qty', sql`${table.ordered_qty} >= 0`),
  ],
);

/** What happened to a PO, for its page: created, amended (before and after), received, short-closed. */
export const purchaseOrderHistory = pgTable(
  'purchase_order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchase_order_id: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    actor_email: text('actor_email'),
    source: text('source').notNull(),
    summary: text('summary').notNull(),
    /** The line's number, for a line's amendment or receipt. */
    line_number: integer('line_number'),
    /** The shipment a receipt is of. */
    shipment_id: bigint('shipment_id', { mode: 'number' }),
  },
  (table) => [index().on(table.purchase_order_id, table.at)],
);

/**
 * A supplier's answer to a PO: an acceptance (kind 'accept', approved as it is made) or proposed
 * changes (kind 'change') that staff approve or reject whole. At most one waits per PO. `lines`
 * keeps each changed line as it was and as proposed (domain confirmations.ts ProposalLine).
 */
export const purchaseOrderProposals = pgTable(
  'purchase_order_proposals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchase_order_id: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    proposed_by_name: text('proposed_by_name').notNull(),
    proposed_by_email: text('proposed_by_email').notNull(),
    proposed_at: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note').notNull().default(''),
    /** The PO's cargo-ready date before and after, when the proposal moves it. */
    cargo_ready_date: jsonb('cargo_ready_date').$type<{ before: string | null; after: string }>(),
    lines: jsonb('lines').notNull().default([]),
    /** A person's e-mail, or null with `decided_at` set for an automatic approval. */
    decided_by: text('decided_by'),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decision_note: text('decision_note').notNull().default(''),
  },
  (table) => [
    check('purchase_order_proposals_kind', sql`${table.kind} in ('accept', 'change')`),
    check('purchase_order_proposals_status', sql`${table.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
    index().on(table.purchase_order_id, table.id),
    uniqueIndex('purchase_order_proposals_one_pending')
      .on(table.purchase_order_id)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * A booking request: one PO's lines and quantities (`lines`: [{line_number, sku, description,
 * qty}]) and the cargo, from its request through routing to a forwarder to that forwarder's
 * confirmation (which created `shipment_id`) or decline. Domain bookings.ts names its states.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: text('reference').notNull().generatedAlwaysAs(sql`'BK-' || lpad(id::text, 6, '0')`),
    purchase_order_id: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('requested'),
    requested_by_name: text('requested_by_name').notNull(),
    requested_by_email: text('requested_by_email').notNull(),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    cargo_ready_date: pgDate('cargo_ready_date', { mode: 'string' }).notNull(),
    lines: jsonb('lines').notNull(),
    packages: integer('packages'),
    weight_kg: numeric('weight_kg'),
    volume_cbm: numeric('volume_cbm'),
    origin: text('origin').notNull().default(''),
    mode: text('mode').notNull(),
    note: text('note').notNull().default(''),
    forwarder_name: text('forwarder_name'),
    /** The forwarder company as its scope compares it (visibility.ts forwarderKeySql). */
    forwarder_key: text('forwarder_key'),
    /** A person's e-mail, or 'lane rule'. */
    routed_by: text('routed_by'),
    routed_at: timestamp('routed_at', { withTimezone: true }),
    decided_by: text('decided_by'),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decline_reason: text('decline_reason'),
    shipment_id: bigint('shipment_id', { mode: 'number' }).references(() => shipments.id, { onDelete: 'set null' }),
    carrier_booking_reference: text('carrier_booking_reference').notNull().default(''),
  },
  (table) => [
    check('booking_requests_status', sql`${table.status} in ('requested', 'routed', 'confirmed', 'declined')`),
    index('booking_requests_carrier_reference_key').on(
      sql`upper(regexp_replace(${table.carrier_booking_reference}, '[^A-Za-z0-9]+', '', 'g'))`,
    ),
    uniqueIndex('booking_requests_reference').on(table.reference),
    index().on(table.purchase_order_id),
    index().on(table.forwarder_key, table.id),
    index().on(table.status, table.id),
  ],
);

/** An Admin's lane rules, in order: the first whose origin (and mode, unless empty) matches routes a new request. */
export const bookingLaneRules = pgTable('booking_lane_rules', {
  position: integer('position').primaryKey(),
  origin: text('origin').notNull(),
  mode: text('mode').notNull().default(''),
  forwarder_name: text('forwarder_name').notNull(),
});

/**
 * A message of the conversation on a record (`record_kind` purchase_order, booking or shipment,
 * `record_id` its id): internal (staff only) or shared with everyone who sees the record.
 * Deleted messages keep their row (`deleted_at`) for the replies that quote them; the audit keeps
 * every text.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    record_kind: text('record_kind').notNull(),
    record_id: bigint('record_id', { mode: 'number' }).notNull(),
    author_person_id: bigint('author_person_id', { mode: 'number' }).references(() => people.id, {
      onDelete: 'set null',
    }),
    author_name: text('author_name').notNull(),
    author_email: text('author_email').notNull(),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    /** The people mentioned, by id: each could see the record when it was written. */
    mentions: bigint('mentions', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    reply_to: bigint('reply_to', { mode: 'number' }),
    document_ids: uuid('document_ids').array().notNull().default(sql`'{}'::uuid[]`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    edited_at: timestamp('edited_at', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('messages_record_kind', sql`${table.record_kind} in ('purchase_order', 'booking', 'shipment')`),
    index().on(table.record_kind, table.record_id, table.id),
  ],
);

/** How supplier proposals are approved (one row; the defaults until an Admin saves one). */
export const supplierSettings = pgTable(
  'supplier_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** A proposal moving only cargo-ready dates, each by at most this many days, approves itself; null: never. */
    auto_approve_cargo_ready_days: integer('auto_approve_cargo_ready_days'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('supplier_settings_single_row', sql`${table.id} = 1`),
    check(
      'supplier_settings_days',
      sql`${table.auto_approve_cargo_ready_days} is null or ${table.auto_approve_cargo_ready_days} between 0 and 365`,
    ),
  ],
);

/**
 * What staff received of a shipment, per PO number and SKU (the 'Receive' action, or an import of
 * receipts): the latest figure; receiving again replaces it, the PO's history keeps the earlier.
 */
export const receipts = pgTable(
  'receipts',
  {
    shipment_id: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    po_number: text('po_number').notNull(),
    sku: text('sku').notNull(),
    received_qty: integer('received_qty').notNull(),
    reason: text('reason'),
    note: text('note').notNull().default(''),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    received_by: text('received_by'),
  },
  (table) => [
    primaryKey({ columns: [table.shipment_id, table.po_number, table.sku] }),
    index().on(table.po_number, table.sku),
    check('receipts_received_qty', sql`${table.received_qty} >= 0`),
    check('receipts_reason', sql`${table.reason} in ('short', 'damaged', 'over', 'other')`),
  ],
);

/**
 * The forwarder companies (their key, as line_item_rows.forwarder_key) with a line item they see
 * (not hidden) of each PO, and the PO's figures as that company sees them: only what its own
 * shipments carry and what their receipts say. A Forwarder's PO list reads these as staff read the
 * PO's own. Kept by purchase_orders_sync with the PO's figures.
 */
export const purchaseOrderForwarders = pgTable(
  'purchase_order_forwarders',
  {
    forwarder_key: text('forwarder_key').notNull(),
    purchase_order_id: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    /** The PO's number, for the company's own sort index (a PO's number never changes). */
    po_number: text('po_number').notNull().default(''),
    /** Closed as the PO is, else partly shipped once one of the company's shipments has departed with a line's SKU, else open. */
    status: text('status').notNull().default('open'),
    /** The PO's SKUs the company's shipments carry. */
    line_count: integer('line_count').notNull().default(0),
    shipped_qty: bigint('shipped_qty', { mode: 'number' }).notNull().default(0),
    received_qty: bigint('received_qty', { mode: 'number' }).notNull().default(0),
    short_qty: bigint('short_qty', { mode: 'number' }).notNull().default(0),
    /** SKUs the company's shipments carry under the PO that it does not order. */
    unknown_skus: integer('unknown_skus').notNull().default(0),
    /** The PO's number and supplier and the SKUs the company carries of it, lower case: its search. */
    search: text('search').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.forwarder_key, table.purchase_order_id] }),
    index().on(table.purchase_order_id),
  ],
);

/**
 * The PO numbers a transaction's writes touched (its shipments' dates, line items, parts,
 * receipts), filled by triggers and the PO writers and emptied by the write door's
 * purchase_orders_sync_dirty() before the commit.
 */
export const purchaseOrdersDirty = pgTable(
  'purchase_orders_dirty',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    po_number: text('po_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tx, table.po_number] })],
);

/** One row per import run (POST /api/Import, `cli import`); its summary is the report's counts. */
export const imports = pgTable('imports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actor_person_id: bigint('actor_person_id', { mode: 'number' }),
  actor_email: text('actor_email'),
  file_name: text('file_name').notNull(),
  parts_file_name: text('parts_file_name'),
  summary: jsonb('summary'),
});

/** The shipments an import named (created, updated or already as the file says): the dashboard filters by it. */
export const importShipments = pgTable(
  'import_shipments',
  {
    import_id: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    shipment_id: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.import_id, table.shipment_id] })],
);

/**
 * Named dashboard views: the dashboard's query in its wire form (`query`, as its address
 * has it), the columns shown and the density, private or `shared` with the owner's own people
 * (auth/visibility.ts). A name is the owner's once, compared as foldCase does (ASCII letters only,
 * as lower() under "C" on every engine).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    owner_id: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    query: jsonb('query').notNull(),
    columns: jsonb('columns'),
    density: text('density').notNull().default('compact'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('saved_views_owner_name').on(table.owner_id, sql`lower(${table.name} collate "C")`),
    index('saved_views_shared').on(table.owner_id).where(sql`${table.shared}`),
    check('saved_views_density', sql`${table.density} in ('compact', 'comfortable')`),
  ],
);

/** A person's own default view (theirs or one shared with them); it goes with the view. */
export const savedViewDefaults = pgTable(
  'saved_view_defaults',
  {
    person_id: bigint('person_id', { mode: 'number' })
      .primaryKey()
      .references(() => people.id, { onDelete: 'cascade' }),
    view_id: bigint('view_id', { mode: 'number' })
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
  },
  (table) => [index().on(table.view_id)],
);

/**
 * The organisation's default view, set by an Admin: one row, like analytics_settings. A setting of
 * the organisation rather than a flag on a view, so that at most one exists without a second index,
 * and it clears itself when the view is deleted.
 */
export const savedViewSettings = pgTable(
  'saved_view_settings',
  {
    id: integer('id').primaryKey().default(1),
    organisation_default_view_id: bigint('organisation_default_view_id', { mode: 'number' }).references(
      () => savedViews.id,
      { onDelete: 'set null' },
    ),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('saved_view_settings_single_row', sql`${table.id} = 1`)],
);

/** The people list (SPEC.md 'Person'). A person may sign in once they have an account (fireauth_id). */
export const people = pgTable(
  'people',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull().unique(),
    full_name: text('full_name').notNull(),
    role: text('role').notNull().default('Employee'),
    company_name: text('company_name').notNull().default(''),
    department: text('department').notNull().default(''),
    fireauth_id: text('fireauth_id').unique(),
    ...timestamps,
  },
  (table) => [
    check('people_role_check', sql`${table.role} in ('Admin', 'Employee', 'Forwarder', 'Manager', 'Supplier')`),
    check('people_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * The one-time link that creates the first Admin (auth/first-admin.ts): one row at most, made at
 * start while the people list is empty and deleted when it is used. Kept in the database so every
 * server instance prints and accepts the same link.
 */
export const setupToken = pgTable(
  'setup_token',
  {
    id: integer('id').primaryKey().default(1),
    token: text('token').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('setup_token_single_row', sql`${table.id} = 1`)],
);

/** Every write: who, when, what, before and after. Nothing a user deletes is lost to an administrator. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor_person_id: bigint('actor_person_id', { mode: 'number' }),
    actor_email: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index().on(table.entity, table.entity_id), index().on(table.at)],
);

/** Fixed-window request counters shared by every server instance (sign-in, sign-up, reset, eligibility). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

// better-auth's tables (user, session, account, verification), with the admin plugin's fields.
export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId)],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.identifier)],
);

/**
 * The Admin's organisation-wide limits (one row; the defaults until one is saved): the private
 * networks a webhook may reach (hosts or CIDR ranges), and how many follows one person may have.
 */
export const organisationSettings = pgTable(
  'organisation_settings',
  {
    id: integer('id').primaryKey().default(1),
    webhook_private_allow_list: jsonb('webhook_private_allow_list').$type<string[]>().notNull().default([]),
    follows_per_person: integer('follows_per_person').notNull().default(500),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('organisation_settings_single_row', sql`${table.id} = 1`),
    check('organisation_settings_follows_per_person', sql`${table.follows_per_person} between 1 and 100000`),
  ],
);

/**
 * Which version of the database's logic (db/database-logic.ts: a digest of its SQL files) was last
 * applied: a start with the same files changes nothing and takes no lock on the tables it names.
 */
export const databaseLogic = pgTable(
  'database_logic',
  {
    id: integer('id').primaryKey().default(1),
    digest: text('digest').notNull(),
    applied_at: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('database_logic_single_row', sql`${table.id} = 1`)],
);
