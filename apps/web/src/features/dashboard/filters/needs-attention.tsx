import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Chip, Menu, MenuItem } from '@mui/material';
import { DOCUMENT_TYPES, type DocumentType } from '@quayside/domain/documents';
import {
  EXCEPTION_KINDS,
  EXCEPTION_LABELS,
  EXCEPTION_SEVERITY,
  type ExceptionKind,
  exceptionDefinition,
  SEVERITY_COLOURS,
  SHIPMENT_EXCEPTION_KINDS,
} from '@quayside/domain/exceptions';
import { COUNT_LIMIT } from '@quayside/domain/line-items';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../lib/api.ts';
import { lineItemKeys } from '../../../lib/query-keys.ts';
import { formatCount } from '../format-count.ts';
import { ChipGroup } from './chip-group.tsx';

/** A chip in its exception's severity colours (domain's exceptions.ts), tinted when chosen. */
const chipColours = (kind: ExceptionKind, isChosen: boolean) => {
  const { color, borderColor, backgroundColor } = SEVERITY_COLOURS[EXCEPTION_SEVERITY[kind]];
  return { color, borderColor, ...(isChosen ? { bgcolor: backgroundColor, fontWeight: 600 } : {}) };
};

const summaryQuery = {
  queryKey: lineItemKeys.exceptionSummary(),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getExceptionSummary', { signal }),
  staleTime: 0,
  refetchOnWindowFocus: 'always' as const,
};

/**
 * A purchase order's kinds are chosen on the Purchase Orders list (and by a link, a view or a follow
 * that names them): here they are a chip only once chosen, so the row of chips stays one line and
 * the table keeps its twenty rows at 1440 × 900.
 */
const isShipmentKind = (kind: ExceptionKind) => (SHIPMENT_EXCEPTION_KINDS as readonly ExceptionKind[]).includes(kind);

/**
 * 'Needs attention': how many of the user's line items have each exception today, as chips that
 * narrow the table to them (any of the chosen kinds). Nothing shows while nothing needs attention.
 */
export function NeedsAttention({
  chosen,
  onChange,
  missingDocument,
  onMissingDocumentChange,
}: {
  chosen: readonly ExceptionKind[];
  onChange: (exceptions: ExceptionKind[]) => void;
  /** The document type picked on the 'Missing documents' chip. */
  missingDocument: DocumentType | undefined;
  onMissingDocumentChange: (documentType: DocumentType | undefined) => void;
}) {
  const summary = useQuery(summaryQuery).data;
  if (!summary || (summary.total === 0 && chosen.length === 0)) return null;
  const toggle = (kind: ExceptionKind) =>
    onChange(EXCEPTION_KINDS.filter((known) => (known === kind ? !chosen.includes(kind) : chosen.includes(known))));
  return (
    <ChipGroup name="Needs attention" heading="Needs attention">
      {EXCEPTION_KINDS.filter(
        (kind) => (isShipmentKind(kind) && summary.counts[kind] > 0) || chosen.includes(kind),
      ).map((kind) => {
        const isChosen = chosen.includes(kind);
        const chip = (
          <Chip
            key={kind}
            label={`${EXCEPTION_LABELS[kind]} · ${formatCount(summary.counts[kind])}`}
            title={exceptionDefinition(kind, summary.etaSlipDays)}
            variant="outlined"
            sx={chipColours(kind, isChosen)}
            aria-pressed={isChosen}
            onClick={() => toggle(kind)}
            {...(isChosen ? { onDelete: () => toggle(kind) } : {})}
          />
        );
        if (kind !== 'missing_documents') return chip;
        return [
          chip,
          <MissingDocumentPicker key="missing-document" chosen={missingDocument} onChange={onMissingDocumentChange} />,
        ];
      })}
    </ChipGroup>
  );
}

/**
 * Beside 'Missing documents': which document. A menu of the document types, each with how many of
 * the user's line items lack it (asked when the menu opens); the choice narrows the chip to it.
 */
function MissingDocumentPicker({
  chosen,
  onChange,
}: {
  chosen: DocumentType | undefined;
  onChange: (documentType: DocumentType | undefined) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Up to COUNT_LIMIT each, as a rows answer counts its matches: an exact count may read every
  // line item missing a document, nine times over, for a menu.
  const counts = useQueries({
    queries: DOCUMENT_TYPES.map((documentType) => ({
      queryKey: lineItemKeys.count({ missingDocument: documentType, upTo: COUNT_LIMIT }),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const answer = await call('listLineItemRows', {
          query: { missingDocument: documentType, pageSize: 25, columns: 'related_shipment' },
          signal,
        });
        return answer.totalExact ? formatCount(answer.total) : `${formatCount(COUNT_LIMIT)}+`;
      },
      enabled: anchor !== null,
    })),
  });
  const pick = (documentType: DocumentType | undefined) => {
    setAnchor(null);
    onChange(documentType);
  };
  const chosenCount = chosen === undefined ? undefined : counts[DOCUMENT_TYPES.indexOf(chosen)]?.data;
  const text =
    chosen === undefined
      ? 'Which document?'
      : `Missing: ${chosen}${chosenCount === undefined ? '' : ` · ${chosenCount}`}`;
  return (
    <>
      <Chip
        variant="outlined"
        label={
          <span style={{ display: 'inline-flex', alignItems: 'center' }}>
            {text}
            <ArrowDropDownIcon fontSize="small" sx={{ mr: -0.75 }} />
          </span>
        }
        title="Show only the line items missing one document type"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        sx={chipColours('missing_documents', chosen !== undefined)}
        onClick={(event) => setAnchor(event.currentTarget)}
        {...(chosen === undefined ? {} : { onDelete: () => onChange(undefined) })}
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem selected={chosen === undefined} onClick={() => pick(undefined)}>
          Any document
        </MenuItem>
        {DOCUMENT_TYPES.map((documentType, index) => {
          const count = counts[index]?.data;
          return (
            <MenuItem key={documentType} selected={chosen === documentType} onClick={() => pick(documentType)}>
              {count === undefined ? documentType : `${documentType} · ${count}`}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
