import { NOTHING_PROPOSED } from '@quayside/domain/confirmations';
import { describe, expect, it } from 'vitest';
import { poDetail } from '../../testing/purchase-order-fixture.ts';
import { deliveryDraft, draftOf, type ProposalDraft, proposalOf, splitOf } from './proposal-form.ts';

const po = poDetail();
const edit = (change: (draft: ProposalDraft) => void) => {
  const draft = draftOf(po);
  change(draft);
  return proposalOf(po, draft);
};

describe('a proposal from the form', () => {
  it('proposes nothing while every field holds what the PO orders now', () => {
    expect(proposalOf(po, draftOf(po))).toEqual({ problem: NOTHING_PROPOSED });
  });

  it("sends the PO's cargo-ready date and only the fields of the lines that changed", () => {
    const outcome = edit((draft) => {
      draft.cargoReadyDate = '2026-10-08';
      const [first] = draft.lines;
      if (first) first.qty = '90';
      draft.note = '  Short on steel  ';
    });
    expect(outcome).toEqual({
      value: { cargo_ready_date: '2026-10-08', lines: [{ line_number: 1, ordered_qty: 90 }], note: 'Short on steel' },
    });
  });

  it('sends a split as its deliveries', () => {
    const outcome = edit((draft) => {
      const second = draft.lines[1];
      if (!second) return;
      draft.lines[1] = {
        ...second,
        deliveries: [deliveryDraft('30', '2026-10-01'), deliveryDraft('20', '2026-11-01')],
      };
    });
    expect(outcome).toEqual({
      value: {
        lines: [
          {
            line_number: 2,
            deliveries: [
              { qty: 30, cargo_ready_date: '2026-10-01' },
              { qty: 20, cargo_ready_date: '2026-11-01' },
            ],
          },
        ],
        note: '',
      },
    });
  });

  it('says what to fix in a split before sending it', () => {
    const outcome = edit((draft) => {
      const first = draft.lines[0];
      if (first) draft.lines[0] = splitOf(first);
    });
    expect(outcome).toEqual({
      problem: 'Line 1, delivery 2: the quantity must be a whole number of at least 1.',
    });
  });

  it('joins a split line again when it is given one quantity, and leaves an unchanged split out', () => {
    const split = poDetail({
      purchaseOrderLines: poDetail().purchaseOrderLines.map((line) =>
        line.line_number === 1
          ? {
              ...line,
              cargo_ready_date: '2026-10-01',
              deliveries: [
                { qty: 60, cargo_ready_date: '2026-10-01' },
                { qty: 40, cargo_ready_date: '2026-11-01' },
              ],
            }
          : line,
      ),
    });
    expect(proposalOf(split, draftOf(split))).toEqual({ problem: NOTHING_PROPOSED });
    const draft = draftOf(split);
    const first = draft.lines[0];
    if (first) draft.lines[0] = { ...first, deliveries: null };
    expect(proposalOf(split, draft)).toEqual({
      value: { lines: [{ line_number: 1, ordered_qty: 100, cargo_ready_date: '2026-10-01' }], note: '' },
    });
  });

  it('refuses a quantity that is not a whole number', () => {
    const outcome = edit((draft) => {
      const first = draft.lines[0];
      if (first) first.qty = '2.5';
    });
    expect(outcome).toEqual({ problem: 'Line 1: the quantity must be a whole number.' });
  });
});
