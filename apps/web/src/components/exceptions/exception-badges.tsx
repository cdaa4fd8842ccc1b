import {
  EXCEPTION_LABELS,
  EXCEPTION_SEVERITY,
  type ExceptionFacts,
  type ExceptionKind,
  type ExceptionSeverity,
  exceptionBadgeText,
  SEVERITY_COLOURS,
  SEVERITY_LABELS,
} from '@quayside/domain/exceptions';

// An exception as a badge that names the case and its size ('Late arrival · 6 d', 'ETA +9 d',
// 'Missing: Bill of Lading'), coloured by its severity (domain's exceptions.ts), with a shape per
// severity so that colour is never the only sign. Plain elements, not MUI's: the dashboard draws
// one per row and exception (see the grid's row for what MUI costs a row).

/** Material icons' paths: a circled "!" (high), a triangle with "!" (medium), a clock (low). */
const SEVERITY_ICON_PATHS: Record<ExceptionSeverity, string> = {
  high: 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  medium: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
  low: 'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8m.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z',
};

export function ExceptionBadge({ kind, facts }: { kind: ExceptionKind; facts: ExceptionFacts | undefined }) {
  const severity = EXCEPTION_SEVERITY[kind];
  const { color, backgroundColor, borderColor } = SEVERITY_COLOURS[severity];
  return (
    <span
      title={`${SEVERITY_LABELS[severity]}: ${EXCEPTION_LABELS[kind]}`}
      data-severity={severity}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        height: 22,
        boxSizing: 'border-box',
        padding: '0 8px 0 5px',
        border: `1px solid ${borderColor}`,
        borderRadius: 11,
        color,
        backgroundColor,
        fontSize: '0.8125rem',
        lineHeight: 1,
        whiteSpace: 'nowrap',
      }}
    >
      <svg viewBox="0 0 24 24" width={14} height={14} aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
        <path fill="currentColor" d={SEVERITY_ICON_PATHS[severity]} />
      </svg>
      {exceptionBadgeText(kind, facts)}
    </span>
  );
}

/** A line item's exceptions as badges, in the order the rules list them. */
export function ExceptionBadges({
  exceptions,
  facts,
}: {
  exceptions: readonly ExceptionKind[] | undefined;
  facts: ExceptionFacts | undefined;
}) {
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {(exceptions ?? []).map((kind) => (
        <ExceptionBadge key={kind} kind={kind} facts={facts} />
      ))}
    </span>
  );
}
