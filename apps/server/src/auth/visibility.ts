import { isConfinedToItsCompany, isSupplier, STAFF_ROLES } from '@quayside/domain/permissions';
import { companyKey } from '@quayside/domain/text';
import { type SQL, sql } from 'drizzle-orm';
import { people, savedViews, shipments } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { RowScope } from '../modules/line-items/columnar/row-record.ts';
import type { Principal } from './principal.ts';

// Who may see what, once. A Forwarder sees only shipments whose Forwarder Name is its company
// (compared trimmed and ASCII case-insensitively: domain's companyKey), what hangs off them, and
// never a hidden line item; a Forwarder listed without a company sees nothing, rather than every
// shipment without a forwarder. A supplier's contact sees its company's purchase orders (their
// `supplier`, compared like a forwarder's company) and, of everything else, nothing: the route table
// refuses it every call not opened to suppliers. Staff see everything. Every query and write asks here.

/** What the principal sees: everything, nothing, one forwarder company's records, or one supplier's POs (by its key). */
type Scope =
  | { sees: 'everything' }
  | { sees: 'nothing' }
  | { sees: 'company'; key: string }
  | { sees: 'supplier'; key: string };

function scopeOf(principal: Principal): Scope {
  const key = companyKey(principal.company);
  if (isSupplier(principal.role)) return key === '' ? { sees: 'nothing' } : { sees: 'supplier', key };
  if (!isConfinedToItsCompany(principal.role)) return { sees: 'everything' };
  return key === '' ? { sees: 'nothing' } : { sees: 'company', key };
}

/**
 * A forwarder company as the database compares it: trimmed, ASCII case folded (domain's companyKey).
 * Spelled exactly as the indexes on shipments and line_item_rows.forwarder_key spell it.
 */
export const forwarderKeySql = (forwarderName: SQL) => sql`lower(btrim(${forwarderName}) collate "C")`;

/** A person's role is staff's (domain STAFF_ROLES), in SQL. */
export const isStaffSql = (role: SQL) =>
  sql`(${role} in (${sql.join(
    STAFF_ROLES.map((staff) => sql`${staff}`),
    sql`, `,
  )}))`;

/**
 * The condition for one forwarder company's records, `hidden` naming a hidden-flag column to
 * exclude too. A supplier's contact sees none of them: its POs are purchaseOrderScope's.
 */
function scopeSql(principal: Principal, forwarderKey: SQL, hidden?: SQL): SQL | undefined {
  const scope = scopeOf(principal);
  if (scope.sees === 'everything') return undefined;
  if (scope.sees === 'nothing' || scope.sees === 'supplier') return sql`false`;
  return hidden ? sql`${forwarderKey} = ${scope.key} and not ${hidden}` : sql`${forwarderKey} = ${scope.key}`;
}

/** The shipments the principal sees, as a condition on the shipments table (undefined: all of them). */
export const shipmentScope = (principal: Principal) =>
  scopeSql(principal, forwarderKeySql(sql`${shipments.forwarder_name}`));

/** The analytics facts of the shipments (shipment_facts as `f`) the principal sees. */
export const shipmentFactsScope = (principal: Principal): SQL => scopeSql(principal, sql`f.forwarder_key`) ?? sql`true`;

/**
 * A shipment's line item and part counts (shipment_facts as `f`) as the principal sees them: only
 * those not hidden unless it sees everything, as lineItemRowScope has it for the rows themselves.
 */
export const visibleFactCounts = (principal: Principal) =>
  scopeOf(principal).sees === 'everything'
    ? { lineItems: sql`f.line_items`, partQuantity: sql`f.part_quantity` }
    : { lineItems: sql`f.shown_line_items`, partQuantity: sql`f.shown_part_quantity` };

/** The dashboard's read-model rows (line_item_rows as `r`) the principal sees. */
export const lineItemRowScope = (principal: Principal): SQL =>
  scopeSql(principal, sql`r.forwarder_key`, sql`r.is_hidden`) ?? sql`true`;

/** The same rows for the in-memory copy of line_item_rows (line-items/columnar). */
export function rowScopeOf(principal: Principal): RowScope {
  const scope = scopeOf(principal);
  return scope.sees === 'supplier' ? { sees: 'nothing' } : scope;
}

/** The trigger-kept counts (line_item_counts) of the line items the principal sees. */
export const lineItemCountScope = (principal: Principal): SQL =>
  scopeSql(principal, sql`forwarder_key`, sql`is_hidden`) ?? sql`true`;

/**
 * Receipts (`r`, of shipments the principal sees) whose PO it sees on that shipment: for a
 * Forwarder, through a line item of that PO number that is not hidden.
 */
export const receiptScope = (principal: Principal): SQL =>
  scopeOf(principal).sees === 'everything'
    ? sql`true`
    : sql`exists (select 1 from line_items li
        where li.shipment_id = r.shipment_id and li.title = r.po_number and not li.hide_lineitem)`;

/** Line items joined to their shipments (`li` and `s`) that the principal sees. */
export const joinedLineItemScope = (principal: Principal): SQL =>
  scopeSql(principal, forwarderKeySql(sql`s.forwarder_name`), sql`li.hide_lineitem`) ?? sql`true`;

/** Whether the principal sees this shipment (the same rule in JavaScript, for a row already read). */
export function seesShipment(principal: Principal, shipment: { forwarder_name: string }) {
  const scope = scopeOf(principal);
  if (scope.sees === 'company') return companyKey(shipment.forwarder_name) === scope.key;
  return scope.sees === 'everything';
}

/** Whether a Forwarder Name written by the principal names another company than its own. */
export const namesAnotherCompany = (principal: Principal, forwarderName: string | undefined) =>
  isConfinedToItsCompany(principal.role) &&
  forwarderName !== undefined &&
  companyKey(forwarderName) !== companyKey(principal.company);

/** A forwarder's shipments always carry its own company's name, whatever was sent. */
export function withOwnCompany<Columns extends { forwarder_name?: string | null }>(
  principal: Principal,
  columns: Columns,
): Columns {
  return isConfinedToItsCompany(principal.role) ? { ...columns, forwarder_name: principal.company.trim() } : columns;
}

/**
 * A named dashboard view (saved_views joined to its owner in people) shared with every staff user:
 * shared, by someone who is staff now (isStaff, in SQL). The organisation's default must be one.
 */
export const sharedStaffView = sql`(${savedViews.shared} and ${isStaffSql(sql`${people.role}`)})`;

/**
 * The named dashboard views the principal sees, as a condition on saved_views joined to its owner
 * in people: its own, and the views shared within its circle, staff with staff and a forwarder
 * company with its own people. Judged from the owner's current role and company, so a person moved
 * to another company (or role) takes nothing with them; a forwarder without a company shares with
 * nobody. The circles do not cross: a staff view's filters can name other forwarders.
 */
export function savedViewScope(principal: Principal): SQL {
  const scope = scopeOf(principal);
  const circle =
    scope.sees === 'everything'
      ? sharedStaffView
      : scope.sees === 'company'
        ? sql`(${savedViews.shared} and ${people.role} = 'Forwarder' and ${forwarderKeySql(sql`${people.company_name}`)} = ${scope.key})`
        : sql`false`;
  return sql`(${savedViews.owner_id} = ${principal.personId} or ${circle})`;
}

export const NO_COMPANY_MESSAGE =
  'Your account has no company. Ask an administrator to set it before creating shipments.';

/** A forwarder without a company would create shipments that nobody of theirs could see. */
export function assertCanCreateShipments(principal: Principal) {
  if (scopeOf(principal).sees === 'nothing') throw new AppError('forbidden', NO_COMPANY_MESSAGE);
}

/**
 * Whether the principal sees purchase orders whole: ordered and open quantities, prices, every
 * shipment carrying them and their whole history. Staff do, and a supplier's contact its own POs;
 * a Forwarder sees a PO only through its own shipments (purchaseOrderScope, purchaseOrderPartScope).
 */
export const seesWholePurchaseOrders = (principal: Principal) => {
  const sees = scopeOf(principal).sees;
  return sees === 'everything' || sees === 'supplier';
};

/** A PO's notes and why it was closed are the importer's own words, which can name other companies: staff's. */
export const seesPurchaseOrderNotes = (principal: Principal) => scopeOf(principal).sees === 'everything';

/** A supplier as the database compares it: trimmed, ASCII case folded (domain's companyKey), as its index spells it. */
export const supplierKeySql = (supplier: SQL) => sql`lower(btrim(${supplier}) collate "C")`;

/**
 * The line items (`li`) and their shipments (`s`) whose parts count in a PO's figures for the
 * principal: every one for staff and for the PO's supplier (all of them carry its goods); for a
 * Forwarder its company's shipments, never a hidden line item, so it learns nothing of another
 * forwarder's shipments.
 */
export const purchaseOrderPartScope = (principal: Principal): SQL =>
  scopeOf(principal).sees === 'supplier' ? sql`true` : joinedLineItemScope(principal);

/**
 * The purchase orders (purchase_orders as `po`) the principal sees: staff every one; a supplier's
 * contact those naming its company as supplier; a Forwarder those whose number is the title of a
 * line item it sees. Another's PO then answers like one that does not exist.
 */
export function purchaseOrderScope(principal: Principal): SQL {
  const scope = scopeOf(principal);
  if (scope.sees === 'supplier') return sql`${supplierKeySql(sql`po.supplier`)} = ${scope.key}`;
  const company = scopeSql(principal, sql`pf.forwarder_key`);
  if (company === undefined) return sql`true`;
  // Kept with the PO's figures (purchase_order_forwarders): an index lookup, not a join of its line items.
  return sql`exists (select 1 from purchase_order_forwarders pf where pf.purchase_order_id = po.id and ${company})`;
}

/**
 * The figures of each PO as a Forwarder sees them (purchase_order_forwarders as `own`, joined to
 * `po`): only what its own shipments carry and what their receipts say. The join keeps only the POs
 * it sees. Staff read the PO's own figures instead.
 */
export const ownPurchaseOrderFigures = (principal: Principal): SQL =>
  sql`join purchase_order_forwarders own on own.purchase_order_id = po.id and ${scopeSql(principal, sql`own.forwarder_key`) ?? sql`true`}`;

/**
 * A PO's history entries (purchase_order_history as `h`) the principal sees: a Forwarder only
 * those of its shipments; staff and the PO's supplier all of them.
 */
export function purchaseOrderHistoryScope(principal: Principal): SQL {
  if (seesWholePurchaseOrders(principal)) return sql`true`;
  const own = shipmentScope(principal);
  if (own === undefined) return sql`true`;
  return sql`exists (select 1 from ${shipments} where ${shipments.id} = h.shipment_id and ${own})`;
}

/**
 * The booking requests (booking_requests as `b`, joined to its PO as `po`) the principal sees:
 * staff every one; a supplier's contact those of its POs; a Forwarder those routed to its company
 * (routed, confirmed or declined by it). Another's answers 404, as one that does not exist.
 */
export function bookingScope(principal: Principal): SQL {
  const scope = scopeOf(principal);
  if (scope.sees === 'everything') return sql`true`;
  if (scope.sees === 'supplier') return purchaseOrderScope(principal);
  if (scope.sees === 'nothing') return sql`false`;
  return sql`b.forwarder_key = ${scope.key}`;
}
