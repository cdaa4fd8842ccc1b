import { z } from 'zod';
import { plainText } from './fields.ts';
import { wholeQuantity } from './parts.ts';
import { parseCalendarDate } from './text.ts';

// A supplier answers each purchase order: it accepts it as it stands, or proposes changes per line
// (the quantity, the cargo-ready date, a split into several deliveries) and the PO's cargo-ready
// date. Staff (an Admin) approve or reject a proposal whole; an Admin may let a proposal that only
// moves cargo-ready dates by a few days be approved at once (suppliers.ts SupplierSettings). What
// was approved becomes the PO's, each change in its history; every proposal and decision is kept.

/** Where a PO stands with its supplier. */
export const CONFIRMATION_STATES = ['awaiting', 'proposed', 'confirmed'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];
export const CONFIRMATION_LABELS: Record<ConfirmationState, string> = {
  awaiting: 'Awaiting confirmation',
  proposed: 'Changes proposed',
  confirmed: 'Confirmed',
};

export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  pending: 'Waiting for a decision',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn: the purchase order was amended',
};

export const MAX_DELIVERIES = 20;
export const MAX_PROPOSAL_LINES = 1000;
export const MAX_PROPOSAL_NOTE = 2000;

// The server's answers that a client may show as they are.
export const PO_CONFIRMED = 'Purchase order confirmed.';
export const PROPOSAL_SENT = 'Proposal sent for approval.';
export const PROPOSAL_AUTO_APPROVED = 'Proposal approved automatically: the cargo-ready dates moved within the limit.';
export const PROPOSAL_APPROVED = 'Proposal approved.';
export const PROPOSAL_REJECTED = 'Proposal rejected.';
export const ALREADY_CONFIRMED = 'This purchase order is already confirmed.';
export const PROPOSAL_WAITING = 'A proposal for this purchase order is waiting for a decision.';
export const PROPOSAL_NOT_PENDING = 'This proposal was already decided, or withdrawn when the purchase order changed.';
export const PROPOSAL_NOT_FOUND = 'Proposal not found';
export const NOTHING_PROPOSED = 'Propose at least one change: a quantity, a cargo-ready date or a split.';
export const REJECTION_NEEDS_REASON = 'Say why the proposal is rejected: the supplier reads it.';
export const CONFIRMATIONS_FORBIDDEN = 'Only the purchase order’s supplier can confirm it or propose changes.';
export const DECISIONS_FORBIDDEN = 'Only an administrator can approve or reject a supplier’s proposal.';
export const noSuchLine = (line: number) => `Line ${line} is not on this purchase order.`;
export const lineProposedTwice = (line: number) => `Line ${line} is listed more than once.`;
export const unchangedLine = (line: number) => `Line ${line} proposes nothing different from what it orders now.`;

/** A calendar day, YYYY-MM-DD. */
const day = (name: string) =>
  z.string({ error: `${name} must be a date, YYYY-MM-DD.` }).refine((value) => {
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && parseCalendarDate(value) !== null;
  }, `${name} must be a date, YYYY-MM-DD.`);

export const Delivery = z.strictObject({
  qty: wholeQuantity('Delivery quantity', 1),
  cargo_ready_date: day('Delivery cargo-ready date'),
});
export type Delivery = z.infer<typeof Delivery>;

/**
 * One line's proposed change: a new quantity and/or cargo-ready date, or a split into deliveries
 * (each a quantity ready on a day; the line then orders their sum, ready from the first).
 */
export const ProposedLine = z
  .strictObject({
    line_number: wholeQuantity('Line number', 1),
    ordered_qty: wholeQuantity('Quantity').optional(),
    cargo_ready_date: day('Cargo-ready date').optional(),
    deliveries: z
      .array(Delivery)
      .min(2, 'A split has at least two deliveries.')
      .max(MAX_DELIVERIES, `A split has at most ${MAX_DELIVERIES} deliveries.`)
      .optional(),
  })
  .superRefine((line, context) => {
    if (line.deliveries !== undefined && (line.ordered_qty !== undefined || line.cargo_ready_date !== undefined))
      context.addIssue({
        code: 'custom',
        path: ['deliveries'],
        message: `Line ${line.line_number}: a split gives each delivery's quantity and date, not the line's.`,
      });
    if (line.deliveries === undefined && line.ordered_qty === undefined && line.cargo_ready_date === undefined)
      context.addIssue({ code: 'custom', path: ['line_number'], message: unchangedLine(line.line_number) });
  });
export type ProposedLine = z.infer<typeof ProposedLine>;

/** What a supplier proposes: the PO's cargo-ready date and/or changes to its lines. */
export const ProposalInput = z
  .strictObject({
    cargo_ready_date: day('Cargo-ready date').optional().describe("The PO's new cargo-ready date"),
    lines: z
      .array(ProposedLine)
      .max(MAX_PROPOSAL_LINES, `A proposal changes at most ${MAX_PROPOSAL_LINES} lines.`)
      .default([]),
    note: plainText(MAX_PROPOSAL_NOTE, `Note must be at most ${MAX_PROPOSAL_NOTE} characters.`).default(''),
  })
  .superRefine((proposal, context) => {
    if (proposal.cargo_ready_date === undefined && proposal.lines.length === 0)
      context.addIssue({ code: 'custom', path: ['lines'], message: NOTHING_PROPOSED });
    const seen = new Set<number>();
    proposal.lines.forEach((line, index) => {
      if (seen.has(line.line_number))
        context.addIssue({
          code: 'custom',
          path: ['lines', index, 'line_number'],
          message: lineProposedTwice(line.line_number),
        });
      seen.add(line.line_number);
    });
  });
export type ProposalInput = z.infer<typeof ProposalInput>;

export const AcceptInput = z.strictObject({
  note: plainText(MAX_PROPOSAL_NOTE, `Note must be at most ${MAX_PROPOSAL_NOTE} characters.`).default(''),
});

export const DecisionInput = z
  .strictObject({
    proposal: z.number({ error: 'proposal is the id of a proposal.' }).int().positive(),
    decision: z.enum(['approve', 'reject'], { error: 'decision is approve or reject.' }),
    note: plainText(MAX_PROPOSAL_NOTE, `Note must be at most ${MAX_PROPOSAL_NOTE} characters.`).default(''),
  })
  .refine((input) => input.decision === 'approve' || input.note !== '', {
    path: ['note'],
    message: REJECTION_NEEDS_REASON,
  });
export type DecisionInput = z.infer<typeof DecisionInput>;

/** One line of a proposal as kept: what the line was, and what the proposal makes it. */
export const ProposalLine = z.object({
  line_number: z.number().int(),
  sku: z.string(),
  before: z.object({ ordered_qty: z.number().int(), cargo_ready_date: z.string().nullable() }),
  ordered_qty: z.number().int().describe('The quantity the line would order'),
  cargo_ready_date: z.string().nullable().describe('The day it would be ready (the first delivery of a split)'),
  deliveries: z.array(Delivery).nullable().describe('The split, when the line is to come in several deliveries'),
});
export type ProposalLine = z.infer<typeof ProposalLine>;

export const Proposal = z.object({
  id: z.number().int(),
  kind: z.enum(['accept', 'change']).describe('accept: the PO confirmed as it stood'),
  status: z.enum(PROPOSAL_STATUSES),
  proposed_by: z.string().describe('The supplier contact’s name'),
  proposed_at: z.string().describe('ISO timestamp'),
  note: z.string(),
  cargo_ready_date: z
    .object({ before: z.string().nullable(), after: z.string() })
    .nullable()
    .describe("The PO's cargo-ready date, when the proposal moves it"),
  lines: z.array(ProposalLine),
  decided_by: z.string().nullable().describe('Who decided; "automatic approval" when no person did'),
  decided_at: z.string().nullable(),
  decision_note: z.string(),
});
export type Proposal = z.infer<typeof Proposal>;

/** Days from one calendar day to another (negative when earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Whether a proposal may be approved at once: it moves only cargo-ready dates (the PO's, a line's),
 * each by at most `days` either way; a quantity or a split always waits for a person.
 */
export function approvesItself(
  proposal: { cargo_ready_date: { before: string | null; after: string } | null; lines: readonly ProposalLine[] },
  days: number | null,
): boolean {
  if (days === null) return false;
  const within = (before: string | null, after: string | null) =>
    before !== null && after !== null && Math.abs(daysBetween(before, after)) <= days;
  const header = proposal.cargo_ready_date;
  if (header !== null && !within(header.before, header.after)) return false;
  return proposal.lines.every(
    (line) =>
      line.deliveries === null &&
      line.ordered_qty === line.before.ordered_qty &&
      within(line.before.cargo_ready_date, line.cargo_ready_date),
  );
}

/** A proposal's changes in words, one per change: the PO's history and the screens say them alike. */
export function describeProposal(proposal: {
  cargo_ready_date: { before: string | null; after: string } | null;
  lines: readonly ProposalLine[];
}): string[] {
  const shown = (value: string | number | null) => (value === null ? 'none' : String(value));
  const words: string[] = [];
  if (proposal.cargo_ready_date !== null)
    words.push(`Cargo-ready date ${shown(proposal.cargo_ready_date.before)} → ${proposal.cargo_ready_date.after}`);
  for (const line of proposal.lines) {
    if (line.deliveries !== null) {
      const parts = line.deliveries.map((delivery) => `${delivery.qty} ready ${delivery.cargo_ready_date}`);
      words.push(`Line ${line.line_number} split into ${line.deliveries.length} deliveries: ${parts.join(', ')}`);
      continue;
    }
    if (line.ordered_qty !== line.before.ordered_qty)
      words.push(`Line ${line.line_number} quantity ${line.before.ordered_qty} → ${line.ordered_qty}`);
    if (line.cargo_ready_date !== line.before.cargo_ready_date)
      words.push(
        `Line ${line.line_number} cargo-ready date ${shown(line.before.cargo_ready_date)} → ${shown(line.cargo_ready_date)}`,
      );
  }
  return words;
}
