import { Button } from '@mui/material';
import type { LineItem } from '@quayside/domain/line-items';
import { lazy, Suspense, type SyntheticEvent, useState } from 'react';
import { PartsDetailsPopover } from './parts-details-popover.tsx';

// The dialog edits parts through the domain's zod contracts: fetched when first opened, so the
// dashboard (the first screen) does not load zod.
const PartsInfoDialog = lazy(() =>
  import('./parts-info-dialog.tsx').then((module) => ({ default: module.PartsInfoDialog })),
);

export type PartsOwner = Pick<LineItem, 'title' | 'related_shipment' | 'parts' | 'numberOfParts' | 'total_qty'>;

// The cell sits in a clickable table row; React events from the popover and the dialog (portals)
// still bubble through the cell, so each stops here rather than opening the line item.
const stopPropagation = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The dashboard's numberOfParts cell (SPEC.md §2): the count opens the 'Parts Details' popover,
 * which leads to the 'Parts Info' dialog. Without `canEdit` the dialog only shows the parts (the
 * server refuses changes from read-only roles anyway).
 */
export function PartsCell({ lineItem, canEdit }: { lineItem: PartsOwner; canEdit: boolean }) {
  const [popoverAnchor, setPopoverAnchor] = useState<HTMLElement | null>(null);
  const [isInfoOpen, setIsInfoOpen] = useState(false);
  // What a save answered, shown until the row itself is re-read with new parts.
  const [saved, setSaved] = useState<{ replaces: LineItem['parts']; parts: LineItem['parts'] } | null>(null);
  const hasSavedParts = saved !== null && saved.replaces === lineItem.parts;
  const parts = hasSavedParts ? saved.parts : lineItem.parts;
  const count = hasSavedParts ? saved.parts.length : lineItem.numberOfParts;

  return (
    <>
      <Button
        size="small"
        aria-haspopup="dialog"
        aria-label={`${count} ${count === 1 ? 'part' : 'parts'} on PO ${lineItem.title}`}
        onClick={(event) => {
          event.stopPropagation();
          setPopoverAnchor(event.currentTarget);
        }}
        onKeyDown={stopPropagation}
        // The dashboard's grid makes the cell the Tab stop, and Enter on it presses this button.
        tabIndex={-1}
        data-cell-action
        sx={{ minWidth: 40, fontVariantNumeric: 'tabular-nums' }}
      >
        {count}
      </Button>
      {popoverAnchor ? (
        <PartsDetailsPopover
          anchorEl={popoverAnchor}
          parts={parts}
          onClose={() => setPopoverAnchor(null)}
          onOpenInfo={() => {
            setPopoverAnchor(null);
            setIsInfoOpen(true);
          }}
          stopPropagation={stopPropagation}
        />
      ) : null}
      {isInfoOpen ? (
        <Suspense fallback={null}>
          <PartsInfoDialog
            po={lineItem.title}
            shipment={lineItem.related_shipment}
            parts={parts}
            canEdit={canEdit}
            onClose={() => setIsInfoOpen(false)}
            onSaved={(savedParts) => setSaved({ replaces: lineItem.parts, parts: savedParts })}
            stopPropagation={stopPropagation}
          />
        </Suspense>
      ) : null}
    </>
  );
}
