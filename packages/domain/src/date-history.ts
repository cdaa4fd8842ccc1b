import { z } from 'zod';
import { SHIPMENT_DATE_FIELDS } from './shipments.ts';
import { dayNumber, displayDate } from './text.ts';

// A shipment's date history (GET /api/Shipments/history): every change of its nine dates, and how
// far each estimate has moved from its first promise.

type DateLabel = keyof typeof SHIPMENT_DATE_FIELDS;
export type DateField = (typeof SHIPMENT_DATE_FIELDS)[DateLabel];

export const DATE_FIELD_LABELS = Object.fromEntries(
  Object.entries(SHIPMENT_DATE_FIELDS).map(([label, field]) => [field, label]),
) as Record<DateField, DateLabel>;

/** The dates that are promises (they move); the others record that something happened. */
export const ESTIMATE_FIELDS = ['etd', 'origin_etd', 'eta', 'dest_eta', 'est_delivery'] as const satisfies DateField[];
/** A milestone recorded: what the timeline calls it when one of these is first set. */
export const MILESTONE_EVENTS: Partial<Record<DateField, string>> = {
  atd: 'Departed',
  ata: 'Arrived',
  act_delivery: 'Delivered',
  obl_received_date: 'OBL received',
};

const field = z.enum(Object.values(SHIPMENT_DATE_FIELDS) as [DateField, ...DateField[]]);
const isoOrNull = z.string().nullable();

export const DateChange = z.object({
  field,
  label: z.string(),
  oldValue: isoOrNull,
  newValue: isoOrNull,
  at: z.string().describe('When (ISO timestamp)'),
  by: z.string().nullable().describe('Who: an e-mail address, or cli / seed-demo / bulk-load'),
  source: z.string().describe('Through what: screen, api, cli, import:<id>'),
});
export type DateChange = z.infer<typeof DateChange>;

export const EstimateSummary = z.object({
  field,
  label: z.string(),
  firstPromise: isoOrNull.describe('The oldest value it held'),
  current: isoOrNull,
  daysMoved: z.number().int().nullable().describe('Days from the first promise to the current value'),
  changes: z.number().int(),
});
export type EstimateSummary = z.infer<typeof EstimateSummary>;

export const DateHistoryResponse = z.object({
  shipment: z.string(),
  createdAt: z.string(),
  changes: z.array(DateChange).describe('Oldest first'),
  estimates: z.array(EstimateSummary).describe('The estimates that have a value or have changed'),
  documents: z.array(z.object({ documentType: z.string(), fileName: z.string(), at: z.string() })),
});
export type DateHistoryResponse = z.infer<typeof DateHistoryResponse>;

/**
 * Each estimate's first promise, current value and movement. The first promise is the oldest value
 * it ever held: the old value of its first change that had one, else (never changed from a value)
 * its current value. The read model's eta_slip_days is the same rule in SQL (line-item-rows.ts).
 */
export function summariseEstimates(
  changes: readonly DateChange[],
  current: Readonly<Record<DateField, string | null>>,
): EstimateSummary[] {
  return ESTIMATE_FIELDS.flatMap((name) => {
    const own = changes.filter((change) => change.field === name);
    const now = current[name];
    const firstPromise = own.find((change) => change.oldValue !== null)?.oldValue ?? now;
    if (firstPromise === null && own.length === 0) return [];
    return [
      {
        field: name,
        label: DATE_FIELD_LABELS[name],
        firstPromise,
        current: now,
        daysMoved: firstPromise !== null && now !== null ? dayNumber(now) - dayNumber(firstPromise) : null,
        changes: own.length,
      },
    ];
  });
}

/**
 * A date field as the History tab names it: as everywhere else in the app, except the two the
 * screens never show (the Dates tab has Origin ETD and Dest. ETA), which say where they come from.
 */
export function historyFieldLabel(field: DateField): string {
  const notOnDatesTab: Partial<Record<DateField, string>> = {
    etd: 'ETD (from import or the API; not on the Dates tab)',
    eta: 'ETA (from import or the API; not on the Dates tab)',
  };
  return notOnDatesTab[field] ?? DATE_FIELD_LABELS[field];
}

/** A date in the history, as the whole app writes one: 'YYYY-MM-DD', or 'none'. */
const dayText = (iso: string | null) => (iso === null ? 'none' : displayDate(iso));

/** 'Dest. ETA: 2026-03-12 → 2026-03-26, +14 days, 3 changes'. */
export function describeEstimate(summary: EstimateSummary): string {
  const { firstPromise, current } = summary;
  const dates = firstPromise === current ? dayText(current) : `${dayText(firstPromise)} → ${dayText(current)}`;
  const parts = [`${historyFieldLabel(summary.field)}: ${dates}`];
  if (summary.daysMoved !== null && summary.daysMoved !== 0) {
    const days = Math.abs(summary.daysMoved);
    parts.push(`${summary.daysMoved > 0 ? '+' : '−'}${days} ${days === 1 ? 'day' : 'days'}`);
  }
  parts.push(`${summary.changes} ${summary.changes === 1 ? 'change' : 'changes'}`);
  return parts.join(', ');
}

/** Through what a change came, as the timeline says it. */
export function describeSource(source: string): string {
  const imported = /^import:(\d+)$/.exec(source);
  if (imported) return `import #${imported[1]}`;
  const carrier = /^carrier event:(.+)$/.exec(source);
  if (carrier) return `carrier event (${carrier[1]})`;
  const known: Record<string, string> = {
    screen: 'on screen',
    api: 'through the API',
    cli: 'through the CLI',
    database: 'directly in the database',
    system: 'by Quayside',
  };
  return known[source] ?? source;
}

export type TimelineEntry = {
  at: string;
  /** 'Departed: 2026-03-12', 'Dest. ETA: 2026-03-12 → 2026-03-26', 'Bill of Lading uploaded'. */
  title: string;
  /** Who and through what, or the file's name. */
  detail: string;
  /** A milestone recorded (departed, arrived, delivered, OBL received). */
  isMilestone: boolean;
};

/** The History tab's timeline, newest first: date changes, milestones, documents and the shipment's creation. */
export function historyTimeline(history: DateHistoryResponse): TimelineEntry[] {
  const changes = history.changes.map((change): TimelineEntry => {
    const milestone = MILESTONE_EVENTS[change.field];
    const isMilestone = milestone !== undefined && change.oldValue === null && change.newValue !== null;
    return {
      at: change.at,
      title: isMilestone
        ? `${milestone}: ${dayText(change.newValue)}`
        : `${historyFieldLabel(change.field)}: ${dayText(change.oldValue)} → ${dayText(change.newValue)}`,
      detail: [change.by, describeSource(change.source)].filter(Boolean).join(', '),
      isMilestone,
    };
  });
  const documents = history.documents.map(
    (document): TimelineEntry => ({
      at: document.at,
      title: `${document.documentType} uploaded`,
      detail: document.fileName,
      isMilestone: false,
    }),
  );
  const created: TimelineEntry = { at: history.createdAt, title: 'Shipment created', detail: '', isMilestone: false };
  // Stable: entries of the same moment keep the order they were recorded in, newest first.
  return [created, ...changes, ...documents]
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(b.entry.at) - Date.parse(a.entry.at) || b.index - a.index)
    .map(({ entry }) => entry);
}
