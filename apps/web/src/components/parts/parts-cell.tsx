import { alpha, type Theme } from '@mui/material';
import type { LineItem } from '@quayside/domain/line-items';
import { lazy, Suspense, type SyntheticEvent, useState } from 'react';
import { PartsDetailsPopover } from './parts-details-popover.tsx';

// The dialog edits parts through the domain's zod contracts: fetched when first opened, so the
// dashboard (the first screen) does not load zod.
const PartsInfoDialog = lazy(() =>
  import('./parts-info-dialog.tsx').then((module) => ({ default: module.PartsInfoDialog })),
);

/** The line item a parts cell belongs to: its PO number and shipment name its parts. */
export type PartsOwner = Pick<LineItem, 'title' | 'related_shipment'>;

// The cell sits in a clickable table row; React events from the popover and the dialog (portals)
// still bubble through the cell, so each stops here rather than opening the line item.
const stopPropagation = (event: SyntheticEvent) => event.stopPropagation();

type PartsCellProps = {
  /** The row: a new one (the page read again) replaces what a save answered. */
  lineItem: PartsOwner;
  /** How many parts the row says it has. */
  count: number;
  canEdit: boolean;
};

/**
 * The dashboard's numberOfParts cell (SPEC.md §2): the count opens the 'Parts Details' popover,
 * which asks for the parts and leads to the 'Parts Info' dialog. Without `canEdit` the dialog only
 * shows the parts (the server refuses changes from read-only roles anyway).
 */
/**
 * The count's look, MUI's small text button (its component costs a row's render more than the
 * rest of the row): the dashboard's table puts it on `.parts-count` once for every row.
 */
export const PARTS_COUNT_STYLE = {
  minWidth: 40,
  p: '4px 5px',
  border: 0,
  borderRadius: '8px',
  bgcolor: 'transparent',
  color: 'primary.main',
  font: 'inherit',
  fontSize: '0.8125rem',
  fontWeight: 500,
  lineHeight: 1.75,
  letterSpacing: '0.02857em',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  '&:hover': { bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity) },
} as const;

export function PartsCell({ lineItem, count, canEdit }: PartsCellProps) {
  const [popoverAnchor, setPopoverAnchor] = useState<HTMLElement | null>(null);
  // The parts the dialog starts from (those the popover showed), while it is open.
  const [infoParts, setInfoParts] = useState<LineItem['parts'] | null>(null);
  // How many parts a save answered, shown until the row itself is read again.
  const [saved, setSaved] = useState<{ replaces: PartsOwner; count: number } | null>(null);
  const shownCount = saved !== null && saved.replaces === lineItem ? saved.count : count;

  return (
    <>
      <button
        type="button"
        className="parts-count"
        aria-haspopup="dialog"
        aria-label={`${shownCount} ${shownCount === 1 ? 'part' : 'parts'} on PO ${lineItem.title}`}
        onClick={(event) => {
          event.stopPropagation();
          setPopoverAnchor(event.currentTarget);
        }}
        onKeyDown={stopPropagation}
        // The dashboard's grid makes the cell the Tab stop, and Enter on it presses this button.
        tabIndex={-1}
        data-cell-action
      >
        {shownCount}
      </button>
      {popoverAnchor ? (
        <PartsDetailsPopover
          anchorEl={popoverAnchor}
          po={lineItem.title}
          shipment={lineItem.related_shipment}
          onClose={() => setPopoverAnchor(null)}
          onOpenInfo={(parts) => {
            setPopoverAnchor(null);
            setInfoParts(parts);
          }}
          stopPropagation={stopPropagation}
        />
      ) : null}
      {infoParts ? (
        <Suspense fallback={null}>
          <PartsInfoDialog
            po={lineItem.title}
            shipment={lineItem.related_shipment}
            parts={infoParts}
            canEdit={canEdit}
            onClose={() => setInfoParts(null)}
            onSaved={(savedParts) => setSaved({ replaces: lineItem, count: savedParts.length })}
            stopPropagation={stopPropagation}
          />
        </Suspense>
      ) : null}
    </>
  );
}
