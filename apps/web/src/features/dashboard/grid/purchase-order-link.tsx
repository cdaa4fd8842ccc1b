import { PRIMARY_COLOUR } from '@quayside/domain/brand';
import { purchaseOrderLinkLabel } from '@quayside/domain/line-item-row';
import type { SyntheticEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/navigation.ts';

// Beside a row's PO #, when a purchase order of that number exists: a link to the PO's page. The
// PO # itself keeps opening the line item (SPEC.md), so the PO has its own small link, drawn as a
// plain element like the rest of the row (the first paint draws the same glyph, first-paint-html.ts).

/** MUI's ReceiptLongOutlined: an order's receipt. */
const RECEIPT_PATHS = [
  'M19.5 3.5 18 2l-1.5 1.5L15 2l-1.5 1.5L12 2l-1.5 1.5L9 2 7.5 3.5 6 2v14H3v3c0 1.66 1.34 3 3 3h12c1.66 0 3-1.34 3-3V2zM15 20H6c-.55 0-1-.45-1-1v-1h10zm4-1c0 .55-.45 1-1 1s-1-.45-1-1v-3H8V5h11z',
  'M9 7h6v2H9zm7 0h2v2h-2zm-7 3h6v2H9zm7 0h2v2h-2z',
];

/** The link's size and look, the same in the table and on a card. */
export const PO_LINK_SIZE = 16;

export function PurchaseOrderLink({
  poNumber,
  onClick,
}: {
  poNumber: string;
  /** Keeps a click on the link from also opening the row. */
  onClick?: (event: SyntheticEvent) => void;
}) {
  const label = purchaseOrderLinkLabel(poNumber);
  return (
    <RouterLink
      to={paths.purchaseOrder(poNumber)}
      tabIndex={-1}
      className="po-link"
      aria-label={label}
      title={label}
      onClick={onClick}
      style={{ display: 'inline-flex', color: PRIMARY_COLOUR }}
    >
      <svg
        viewBox="0 0 24 24"
        width={PO_LINK_SIZE}
        height={PO_LINK_SIZE}
        aria-hidden="true"
        focusable="false"
        style={{ flex: 'none' }}
      >
        {RECEIPT_PATHS.map((d) => (
          <path key={d} fill="currentColor" d={d} />
        ))}
      </svg>
    </RouterLink>
  );
}
