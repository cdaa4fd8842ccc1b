import type { LineItem } from '@quayside/domain/line-items';
import { describe, expect, it } from 'vitest';
import { canSaveDraft, draftOf, showsHideRecord, showsValidPo, updateBody } from './line-item-edit.ts';

const lineItem = (po_review_required: number) =>
  ({
    _id: '1',
    title: 'PO-1',
    related_shipment: 'QS-1',
    po_review_required,
    ignore_po_character_count: true,
    hide_lineitem: false,
  }) as LineItem;

describe('what each role sees', () => {
  it("shows 'Valid PO #' only above the review threshold and never to a Forwarder", () => {
    expect(showsValidPo(lineItem(11), 'Admin')).toBe(true);
    expect(showsValidPo(lineItem(11), 'Employee')).toBe(true);
    expect(showsValidPo(lineItem(10), 'Admin')).toBe(false);
    expect(showsValidPo(lineItem(25), 'Forwarder')).toBe(false);
  });

  it("shows 'Hide record' to everyone but a Forwarder", () => {
    expect(showsHideRecord('Admin')).toBe(true);
    expect(showsHideRecord('Employee')).toBe(true);
    expect(showsHideRecord('Forwarder')).toBe(false);
  });
});

describe('saving', () => {
  it('starts from the stored values', () => {
    expect(draftOf(lineItem(4))).toEqual({ title: 'PO-1', ignore_po_character_count: true, hide_lineitem: false });
  });

  it('needs a PO number', () => {
    expect(canSaveDraft({ ...draftOf(lineItem(4)), title: '  ' })).toBe(false);
    expect(canSaveDraft(draftOf(lineItem(4)))).toBe(true);
  });

  it('sends the PO number trimmed, and the staff switches only for staff', () => {
    const draft = { title: ' PO-2 ', ignore_po_character_count: false, hide_lineitem: true };
    expect(updateBody(draft, 'Admin')).toEqual({
      title: 'PO-2',
      ignore_po_character_count: false,
      hide_lineitem: true,
    });
    expect(updateBody(draft, 'Forwarder')).toEqual({ title: 'PO-2' });
  });
});
