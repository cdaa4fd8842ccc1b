import {
  ALREADY_CONFIRMED,
  approvesItself,
  CONFIRMATIONS_FORBIDDEN,
  type ConfirmationState,
  DECISIONS_FORBIDDEN,
  type DecisionInput,
  describeProposal,
  NOTHING_PROPOSED,
  noSuchLine,
  PO_CONFIRMED,
  PROPOSAL_APPROVED,
  PROPOSAL_AUTO_APPROVED,
  PROPOSAL_NOT_FOUND,
  PROPOSAL_NOT_PENDING,
  PROPOSAL_REJECTED,
  PROPOSAL_SENT,
  PROPOSAL_WAITING,
  type ProposalInput,
  type ProposalLine,
  unchangedLine,
} from '@quayside/domain/confirmations';
import { canWritePurchaseOrders, isSupplier } from '@quayside/domain/permissions';
import { isClosedStatus, PO_ALREADY_CLOSED, PO_NOT_FOUND, type PoStatus } from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { purchaseOrderScope } from '../../auth/visibility.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Write } from '../../write/with-write.ts';
import { withWrite } from '../../write/with-write.ts';
import { doneBy, recordEvent } from '../alerts/events.ts';
import { actorOf } from '../audit/audit.service.ts';
import { getPurchaseOrder, sourceOf } from './purchase-orders.service.ts';

// A supplier's answers to its purchase orders and staff's decisions on them: confirming a PO as it
// stands, proposing changes (approved at once when they only move cargo-ready dates within the
// Admin's limit), approving or rejecting. Each is one write: the proposal, the PO's confirmation,
// what an approval changes, the PO's history and the audit entry together, or none of them.

type LockedPo = {
  id: number;
  po_number: string;
  supplier: string;
  status: PoStatus;
  confirmation: ConfirmationState;
  confirmed: boolean;
  cargo_ready_date: string | null;
};

/** The PO as the principal sees it, locked for this write: 404 for one it may not see, as for one that does not exist. */
async function lockPurchaseOrder(write: Write, principal: Principal, poNumber: string): Promise<LockedPo> {
  const found = await write.tx.execute<LockedPo>(sql`
    select po.id::int as id, po.po_number, po.supplier, po.status, po.confirmation, po.confirmed_at is not null as confirmed,
           po.cargo_ready_date::text as cargo_ready_date
    from purchase_orders po
    where po.po_number = ${poNumber} and ${purchaseOrderScope(principal)}
    for update`);
  const po = found.rows[0];
  if (po === undefined) throw new AppError('not_found', PO_NOT_FOUND);
  if (isClosedStatus(po.status)) throw new AppError('conflict', PO_ALREADY_CLOSED);
  return po;
}

async function history(write: Write, source: string, poId: number, kind: string, summaries: string[]) {
  for (const summary of summaries)
    await write.tx.execute(sql`
      insert into purchase_order_history (purchase_order_id, kind, actor_email, source, summary)
      values (${poId}, ${kind}, ${write.actor.email}, ${source}, ${summary})`);
}

function assertSupplier(principal: Principal) {
  if (!isSupplier(principal.role)) throw new AppError('forbidden', CONFIRMATIONS_FORBIDDEN);
}

const withNote = (text: string, note: string) => (note === '' ? text : `${text}. Note: ${note}`);

/** POST /api/PurchaseOrders/confirm: the supplier accepts the PO as it stands. */
export async function confirmPurchaseOrder(
  db: Database,
  principal: Principal,
  poNumber: string,
  note: string,
  today: string,
) {
  assertSupplier(principal);
  await withWrite(db, actorOf(principal), (write) => confirmIn(write, principal, poNumber, note, sourceOf(principal)));
  return { message: PO_CONFIRMED, purchaseOrder: await getPurchaseOrder(db, principal, poNumber, today) };
}

/** The confirmation, in `write`'s transaction (the demo data makes its own this way). */
export async function confirmIn(write: Write, principal: Principal, poNumber: string, note: string, source: string) {
  const po = await lockPurchaseOrder(write, principal, poNumber);
  if (po.confirmation === 'proposed') throw new AppError('conflict', PROPOSAL_WAITING);
  if (po.confirmation === 'confirmed') throw new AppError('conflict', ALREADY_CONFIRMED);
  await write.tx.execute(sql`
    insert into purchase_order_proposals
      (purchase_order_id, kind, status, proposed_by_name, proposed_by_email, note, decided_at)
    values (${po.id}, 'accept', 'approved', ${principal.fullName}, ${principal.email}, ${note}, now())`);
  await setConfirmation(write, po.id, 'confirmed');
  await history(write, source, po.id, 'confirmed', [withNote(`Confirmed by ${principal.fullName}`, note)]);
  await recordEvent(write.tx, {
    kind: 'po_confirmed',
    purchaseOrderId: po.id,
    detail: { ...doneBy(principal), poNumber, note },
  });
  write.audit({
    action: 'update',
    entity: 'purchase_order',
    entityId: poNumber,
    before: { confirmation: po.confirmation },
    after: { confirmation: 'confirmed', note },
  });
}

type StoredLine = {
  line_number: number;
  sku: string;
  ordered_qty: number;
  cargo_ready_date: string | null;
  deliveries: { qty: number; cargo_ready_date: string }[] | null;
};

/** The proposal as it will be kept: each named line as it is now and as proposed. */
function proposalOf(po: LockedPo, stored: readonly StoredLine[], input: ProposalInput) {
  const byNumber = new Map(stored.map((line) => [line.line_number, line]));
  const lines: ProposalLine[] = input.lines.map((proposed) => {
    const line = byNumber.get(proposed.line_number);
    if (line === undefined) throw new AppError('invalid', noSuchLine(proposed.line_number));
    const before = { ordered_qty: line.ordered_qty, cargo_ready_date: line.cargo_ready_date ?? po.cargo_ready_date };
    const common = { line_number: line.line_number, sku: line.sku, before };
    if (proposed.deliveries !== undefined) {
      // Kept in the order they are ready: the database finds the first one not yet booked by walking them.
      const deliveries = [...proposed.deliveries].sort((a, b) => a.cargo_ready_date.localeCompare(b.cargo_ready_date));
      const ordered_qty = deliveries.reduce((sum, delivery) => sum + delivery.qty, 0);
      return { ...common, ordered_qty, cargo_ready_date: deliveries[0]?.cargo_ready_date ?? null, deliveries };
    }
    const after = {
      ...common,
      ordered_qty: proposed.ordered_qty ?? before.ordered_qty,
      cargo_ready_date: proposed.cargo_ready_date ?? before.cargo_ready_date,
      deliveries: null,
    };
    const unchanged =
      line.deliveries === null &&
      after.ordered_qty === before.ordered_qty &&
      after.cargo_ready_date === before.cargo_ready_date;
    if (unchanged) throw new AppError('invalid', unchangedLine(proposed.line_number));
    return after;
  });
  const header =
    input.cargo_ready_date === undefined || input.cargo_ready_date === po.cargo_ready_date
      ? null
      : { before: po.cargo_ready_date, after: input.cargo_ready_date };
  if (header === null && lines.length === 0) throw new AppError('invalid', NOTHING_PROPOSED);
  return { cargo_ready_date: header, lines };
}

/** POST /api/PurchaseOrders/proposals: the supplier proposes changes; within the Admin's limit they approve themselves. */
export async function proposeChanges(
  db: Database,
  principal: Principal,
  poNumber: string,
  input: ProposalInput,
  today: string,
) {
  assertSupplier(principal);
  const automatic = await withWrite(db, actorOf(principal), (write) =>
    proposeIn(write, principal, poNumber, input, sourceOf(principal)),
  );
  return {
    message: automatic ? PROPOSAL_AUTO_APPROVED : PROPOSAL_SENT,
    purchaseOrder: await getPurchaseOrder(db, principal, poNumber, today),
  };
}

/** The proposal, in `write`'s transaction: true when it approved itself. */
export async function proposeIn(
  write: Write,
  principal: Principal,
  poNumber: string,
  input: ProposalInput,
  source: string,
): Promise<boolean> {
  const po = await lockPurchaseOrder(write, principal, poNumber);
  if (po.confirmation === 'proposed') throw new AppError('conflict', PROPOSAL_WAITING);
  const stored = await write.tx.execute<StoredLine>(sql`
    select line_number, sku, ordered_qty, cargo_ready_date::text as cargo_ready_date, deliveries
    from purchase_order_lines where purchase_order_id = ${po.id}`);
  const proposal = proposalOf(po, stored.rows, input);
  const settings = await write.tx.execute<{ days: number | null }>(sql`
    select auto_approve_cargo_ready_days as days from supplier_settings where id = 1`);
  const approves = approvesItself(proposal, settings.rows[0]?.days ?? null);
  const inserted = await write.tx.execute<{ id: number }>(sql`
    insert into purchase_order_proposals
      (purchase_order_id, kind, status, proposed_by_name, proposed_by_email, note, cargo_ready_date, lines, decided_at)
    values (${po.id}, 'change', ${approves ? 'approved' : 'pending'}, ${principal.fullName}, ${principal.email},
            ${input.note}, ${proposal.cargo_ready_date === null ? null : JSON.stringify(proposal.cargo_ready_date)}::jsonb,
            ${JSON.stringify(proposal.lines)}::jsonb, ${approves ? sql`now()` : null})
    returning id::int as id`);
  const words = describeProposal(proposal);
  await history(write, source, po.id, 'proposed', [
    withNote(`Proposed by ${principal.fullName}: ${words.join('; ')}`, input.note),
  ]);
  const proposalId = inserted.rows[0]?.id ?? null;
  const told = { ...doneBy(principal), poNumber, proposal: proposalId, changes: words };
  await recordEvent(write.tx, {
    kind: 'po_change_proposed',
    purchaseOrderId: po.id,
    detail: { ...told, note: input.note },
  });
  if (approves) {
    await recordEvent(write.tx, {
      kind: 'po_change_approved',
      purchaseOrderId: po.id,
      detail: { ...told, automatic: true },
    });
    await applyProposal(write, po, proposal);
    await history(
      write,
      source,
      po.id,
      'approved',
      words.map((change) => `${change} (approved automatically)`),
    );
  }
  await setConfirmation(write, po.id, approves ? 'confirmed' : 'proposed');
  write.audit({
    action: 'create',
    entity: 'purchase_order_proposal',
    entityId: proposalId,
    after: { po_number: poNumber, status: approves ? 'approved' : 'pending', ...proposal, note: input.note },
  });
  return approves;
}

/** POST /api/PurchaseOrders/proposals/decision: staff approve a waiting proposal (it becomes the PO's) or reject it. */
export async function decideProposal(
  db: Database,
  principal: Principal,
  poNumber: string,
  input: DecisionInput,
  today: string,
) {
  if (!canWritePurchaseOrders(principal.role)) throw new AppError('forbidden', DECISIONS_FORBIDDEN);
  await withWrite(db, actorOf(principal), (write) => decideIn(write, principal, poNumber, input, sourceOf(principal)));
  return {
    message: input.decision === 'approve' ? PROPOSAL_APPROVED : PROPOSAL_REJECTED,
    purchaseOrder: await getPurchaseOrder(db, principal, poNumber, today),
  };
}

/** The decision, in `write`'s transaction. */
export async function decideIn(
  write: Write,
  principal: Principal,
  poNumber: string,
  input: DecisionInput,
  source: string,
) {
  const po = await lockPurchaseOrder(write, principal, poNumber);
  const found = await write.tx.execute<{
    status: string;
    proposed_by_name: string;
    cargo_ready_date: { before: string | null; after: string } | null;
    lines: ProposalLine[];
  }>(sql`
    select status, proposed_by_name, cargo_ready_date, lines from purchase_order_proposals
    where id = ${input.proposal} and purchase_order_id = ${po.id} and kind = 'change'`);
  const proposal = found.rows[0];
  if (proposal === undefined) throw new AppError('not_found', PROPOSAL_NOT_FOUND);
  if (proposal.status !== 'pending') throw new AppError('conflict', PROPOSAL_NOT_PENDING);
  const approve = input.decision === 'approve';
  await write.tx.execute(sql`
    update purchase_order_proposals
    set status = ${approve ? 'approved' : 'rejected'}, decided_by = ${principal.email}, decided_at = now(),
        decision_note = ${input.note}
    where id = ${input.proposal}`);
  const words = describeProposal(proposal);
  if (approve) {
    await applyProposal(write, po, proposal);
    await history(
      write,
      source,
      po.id,
      'approved',
      words.map((change) => withNote(`${change} (proposed by ${proposal.proposed_by_name}, approved)`, input.note)),
    );
  } else {
    await history(write, source, po.id, 'rejected', [
      `Rejected the proposal by ${proposal.proposed_by_name} (${words.join('; ')}). Reason: ${input.note}`,
    ]);
  }
  await recordEvent(write.tx, {
    kind: approve ? 'po_change_approved' : 'po_change_rejected',
    purchaseOrderId: po.id,
    detail: { ...doneBy(principal), poNumber, proposal: input.proposal, changes: words, reason: input.note },
  });
  // Rejected, the PO stands as it did before the proposal: confirmed if it had been.
  await setConfirmation(write, po.id, approve || po.confirmed ? 'confirmed' : 'awaiting', approve);
  write.audit({
    action: 'update',
    entity: 'purchase_order_proposal',
    entityId: input.proposal,
    before: { po_number: poNumber, status: 'pending' },
    after: { po_number: poNumber, status: approve ? 'approved' : 'rejected', note: input.note },
  });
}

/** An approved proposal becomes the PO's: its cargo-ready date, and each line's quantity, date and split. */
async function applyProposal(
  write: Write,
  po: LockedPo,
  proposal: { cargo_ready_date: { before: string | null; after: string } | null; lines: readonly ProposalLine[] },
) {
  if (proposal.cargo_ready_date !== null)
    await write.tx.execute(sql`
      update purchase_orders set cargo_ready_date = ${proposal.cargo_ready_date.after}::date, updated_at = now()
      where id = ${po.id}`);
  for (const line of proposal.lines)
    await write.tx.execute(sql`
      update purchase_order_lines
      set ordered_qty = ${line.ordered_qty}, cargo_ready_date = ${line.cargo_ready_date}::date,
          deliveries = ${line.deliveries === null ? null : JSON.stringify(line.deliveries)}::jsonb
      where purchase_order_id = ${po.id} and line_number = ${line.line_number}`);
  await write.purchaseOrdersChanged([po.po_number]);
}

/** Confirmed (`confirmedNow`: at this moment), awaiting or with a proposal waiting. */
async function setConfirmation(
  write: Write,
  poId: number,
  state: ConfirmationState,
  confirmedNow = state === 'confirmed',
) {
  await write.tx.execute(sql`
    update purchase_orders
    set confirmation = ${state}, confirmed_at = ${confirmedNow ? sql`now()` : sql`confirmed_at`}, updated_at = now()
    where id = ${poId}`);
}
