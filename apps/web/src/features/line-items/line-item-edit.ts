import { PO_REVIEW_THRESHOLD } from '@quayside/domain/constants';
import type { LineItem, LineItemUpdateBody } from '@quayside/domain/line-items';
import type { Role } from '@quayside/domain/people';
import { seesHiddenLineItems } from '@quayside/domain/permissions';

// SPEC.md §2, §5 'Line items': only PO #, 'Valid PO #' and 'Hide record' can be edited.

export type LineItemDraft = { title: string; ignore_po_character_count: boolean; hide_lineitem: boolean };

export const draftOf = (lineItem: LineItem): LineItemDraft => ({
  title: lineItem.title,
  ignore_po_character_count: lineItem.ignore_po_character_count,
  hide_lineitem: lineItem.hide_lineitem,
});

/** 'Valid PO #' shows to staff for a PO number flagged for review. */
export const showsValidPo = (lineItem: LineItem, role: Role | undefined) =>
  lineItem.po_review_required > PO_REVIEW_THRESHOLD && seesHiddenLineItems(role);

/** 'Hide record' is for staff: a Forwarder never sees hidden line items, nor the switch. */
export const showsHideRecord = seesHiddenLineItems;

/** Save needs a PO number. */
export const canSaveDraft = (draft: LineItemDraft) => draft.title.trim() !== '';

/** The body of the save: the PO number trimmed, and the staff switches only for roles that see them. */
export function updateBody(draft: LineItemDraft, role: Role | undefined): LineItemUpdateBody {
  const body: LineItemUpdateBody = { title: draft.title.trim() };
  if (!seesHiddenLineItems(role)) return body;
  return { ...body, ignore_po_character_count: draft.ignore_po_character_count, hide_lineitem: draft.hide_lineitem };
}
