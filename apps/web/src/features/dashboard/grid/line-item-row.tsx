import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { amber, blue, grey } from '@mui/material/colors';
import {
  isColouredTransit,
  PO_REVIEW_THRESHOLD,
  TRANSIT_COLOURS,
  TRANSIT_TYPE_OTHER,
} from '@quayside/domain/constants';
import { type ColumnKey, type Density, LINE_ITEM_COLUMNS } from '@quayside/domain/line-item-columns';
import type { LineItemRow } from '@quayside/domain/line-item-row';
import type { MouseEvent, SyntheticEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ExceptionBadges } from '../../../components/exceptions/exception-badges.tsx';
import { PARTS_COUNT_STYLE, PartsCell } from '../../../components/parts/parts-cell.tsx';
import { type LineItemNavigationState, paths } from '../../../lib/navigation.ts';
import type { TableSelection } from '../bulk/row-selection.ts';
import type { GridCellProps } from './grid-cell.ts';
import { PurchaseOrderLink } from './purchase-order-link.tsx';
import { PO_REVIEW_MEANING } from './review-legend.tsx';

// A row of the dashboard's table in plain cells: `<td>`, a native checkbox, a link, a span for the
// transit type, drawn as MUI's table, checkbox and chip look (the styles below, once for the whole
// body). MUI's components cost ~3 ms a row to render (a page of 50 rows: 267 ms of script before,
// 114–150 ms after, bench/first-paint-cli.ts), and every page, filter and search draws a new set.

/** The checkbox column's width: the pinned PO # column starts after it. */
export const CHECKBOX_WIDTH = 48;

const CELL_TEXT = { fontSize: '0.875rem', lineHeight: 1.43, letterSpacing: '0.01071em' } as const;

/** MUI's CheckBoxOutlineBlank and CheckBox, at 20 px: a box with a 2 px border, ticked on the primary colour. */
const TICK =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='white' d='M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z'/%3E%3C/svg%3E\")";

/**
 * The body's look, one rule for every cell (in the table's sx): cells take their row's colour,
 * opaque, so the pinned PO # hides what scrolls under it. A compact row is one line of text (20 px)
 * and 4 px above and below it, 29 px with its border: nothing in it is taller (the parts count and
 * the transit chip shrink to the line), so 20 rows fit at 1440 × 900. A comfortable row gives the
 * controls their own height.
 */
export const rowStyle = (density: Density) =>
  ({
    '& tbody td, & tbody th': {
      ...CELL_TEXT,
      px: 1,
      py: density === 'comfortable' ? 1.25 : 0.5,
      textAlign: 'left',
      fontWeight: 400,
      color: 'text.primary',
      whiteSpace: 'nowrap',
      bgcolor: 'inherit',
      borderBottom: `1px solid ${grey[300]}`,
    },
    '& tbody th': { fontWeight: 500 },
    '& tbody td.check': { width: CHECKBOX_WIDTH, boxSizing: 'border-box', py: 0, pl: 2, pr: 1.5 },
    '& tbody tr': { bgcolor: 'background.paper', cursor: 'pointer', '&:hover': { bgcolor: grey[100] } },
    '& tbody .review-row': { bgcolor: amber[50], '&:hover': { bgcolor: amber[100] } },
    '& tbody .selected-row': { bgcolor: blue[50], '&:hover': { bgcolor: blue[100] } },
    '& .row-check': {
      appearance: 'none',
      display: 'block',
      width: 15,
      height: 15,
      m: '2.5px',
      border: '2px solid rgba(0, 0, 0, 0.6)',
      borderRadius: '2px',
      cursor: 'pointer',
      '&:checked': {
        bgcolor: 'primary.main',
        borderColor: 'primary.main',
        backgroundImage: TICK,
        backgroundSize: 'cover',
      },
    },
    '& .row-title': { display: 'inline-flex', alignItems: 'center', gap: 0.5 },
    '& .row-link': { color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
    '& .shipment-link': { color: 'primary.main', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
    '& .transit': {
      display: 'inline-flex',
      alignItems: 'center',
      height: 24,
      boxSizing: 'border-box',
      px: '8px',
      borderRadius: '16px',
      fontSize: '0.8125rem',
      '&.other': { px: '7px', border: `1px solid ${grey[400]}` },
      '&.coloured': { fontWeight: 600 },
      ...(density === 'compact' ? { height: 20, verticalAlign: 'top' } : {}),
    },
    '& .parts-count': {
      ...PARTS_COUNT_STYLE,
      ...(density === 'compact' ? { py: 0, lineHeight: '20px', verticalAlign: 'top' } : {}),
    },
  }) as const;

/** The transit type as the table shows it: a coloured chip (TRANSIT_COLOURS), any other value N/A. */
function TransitText({ value }: { value: string }) {
  if (!isColouredTransit(value)) return <span className="transit other">{TRANSIT_TYPE_OTHER}</span>;
  const { color, bgcolor } = TRANSIT_COLOURS[value];
  return (
    <span className="transit coloured" style={{ color, backgroundColor: bgcolor }}>
      {value}
    </span>
  );
}

// Controls inside a row (links, the checkbox, the parts popover and dialog, portals included: React
// bubbles their events up to the row) act for themselves and do not also open the line item.
const keepInside = (event: SyntheticEvent) => event.stopPropagation();

type LineItemTableRowProps = {
  row: LineItemRow;
  columns: readonly ColumnKey[];
  canEditParts: boolean;
  withExceptions: boolean;
  selection: TableSelection | undefined;
  navigationState: LineItemNavigationState;
  onOpen: (event: MouseEvent) => void;
  cellProps: (col: number) => GridCellProps;
  /** Where the pinned PO # column sits from the left (after the checkbox, when there is one). */
  pinnedLeft: number;
};

export function LineItemTableRow({
  row,
  columns,
  canEditParts,
  withExceptions,
  selection,
  navigationState,
  onOpen,
  cellProps,
  pinnedLeft,
}: LineItemTableRowProps) {
  // SPEC.md §9: a PO number flagged for review gets an amber row.
  const needsReview = row.po_review_required > PO_REVIEW_THRESHOLD;
  const isSelected = selection?.isSelected(row) ?? false;
  const firstColumn = selection ? 1 : 0;
  return (
    <tr
      onClick={onOpen}
      onAuxClick={(event) => {
        if (event.button === 1) onOpen(event);
      }}
      aria-selected={selection ? isSelected : undefined}
      className={isSelected ? 'selected-row' : needsReview ? 'review-row' : undefined}
      title={needsReview ? PO_REVIEW_MEANING : undefined}
    >
      {selection ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: only keeps the click from opening the row; the grid's keys are the table's (grid-cell.ts).
        <td {...cellProps(0)} className="check pinned" style={{ left: 0 }} onClick={keepInside}>
          <input
            type="checkbox"
            className="row-check"
            tabIndex={-1}
            checked={isSelected}
            readOnly
            onClick={(event) => selection.onToggle(row, event.shiftKey)}
            aria-label={`Select PO ${row.title} on ${row.related_shipment}`}
          />
        </td>
      ) : null}
      {columns.map((column, at) => (
        <LineItemCell
          key={column}
          column={column}
          row={row}
          canEditParts={canEditParts}
          navigationState={navigationState}
          cell={cellProps(firstColumn + at)}
          stickyLeft={at === 0 ? pinnedLeft : undefined}
        />
      ))}
      {withExceptions ? (
        <td {...cellProps(firstColumn + columns.length)}>
          <ExceptionBadges exceptions={row.exceptions} facts={row.exception_facts} />
        </td>
      ) : null}
    </tr>
  );
}

type LineItemCellProps = {
  column: ColumnKey;
  row: LineItemRow;
  canEditParts: boolean;
  navigationState: LineItemNavigationState;
  cell: GridCellProps;
  stickyLeft: number | undefined;
};

function LineItemCell({ column, row, canEditParts, navigationState, cell, stickyLeft }: LineItemCellProps) {
  const pinned = stickyLeft !== undefined ? { className: 'pinned', style: { left: stickyLeft } } : {};
  // What the table displays, as the server wrote it (empty for a column just shown, until its rows arrive).
  const text = row.text[column] ?? '';
  switch (column) {
    case 'title':
      return (
        <th {...cell} {...pinned} scope="row">
          <span className="row-title">
            {/* A real link: a new tab, a copied address; a plain click takes the list along for previous/next. */}
            <RouterLink
              to={paths.lineItemOf(row)}
              state={navigationState}
              tabIndex={-1}
              className="row-link"
              onClick={keepInside}
            >
              {row.title}
            </RouterLink>
            {row.has_purchase_order ? <PurchaseOrderLink poNumber={row.title} onClick={keepInside} /> : null}
            {/* Only staff ever receive hidden records; they see which ones forwarders do not. */}
            {row.hide_lineitem ? (
              <VisibilityOffIcon fontSize="small" color="action" titleAccess="Hidden record" />
            ) : null}
          </span>
        </th>
      );
    case 'related_shipment':
      return (
        <td {...cell} {...pinned}>
          <RouterLink
            to={paths.shipment(row.related_shipment)}
            tabIndex={-1}
            data-cell-action
            className="shipment-link"
            onClick={keepInside}
          >
            {row.related_shipment}
          </RouterLink>
        </td>
      );
    case 'transit_type':
      return (
        <td {...cell} {...pinned}>
          <TransitText value={text} />
        </td>
      );
    case 'numberOfParts':
      return (
        // biome-ignore lint/a11y/useKeyWithClickEvents: only keeps the click from opening the row; the grid's keys are the table's (grid-cell.ts).
        <td {...cell} {...pinned} onClick={keepInside}>
          <PartsCell lineItem={row} count={Number(text)} canEdit={canEditParts} />
        </td>
      );
    case 'part_numbers':
      // One line per row: a long list is cut short here and shown whole on hover (and in the parts popover).
      return (
        <td {...cell} {...pinned} title={text}>
          <div style={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {text}
          </div>
        </td>
      );
    default: {
      const was = row.was?.[column];
      if (was === undefined) {
        return (
          <td {...cell} {...pinned}>
            {text}
          </td>
        );
      }
      // A date that changed in a 'changed in the last' filter's window says, on the same line (rows
      // keep their height), what it was when the window opened.
      const label = LINE_ITEM_COLUMNS[column].label;
      return (
        <td {...cell} {...pinned} title={`${label} ${was || 'none'} → ${text || 'none'}`}>
          <span style={{ whiteSpace: 'nowrap' }}>
            {text}{' '}
            <span className="was-date" style={{ color: grey[700], fontSize: '0.85em' }}>
              (was {was || 'none'})
            </span>
          </span>
        </td>
      );
    }
  }
}
