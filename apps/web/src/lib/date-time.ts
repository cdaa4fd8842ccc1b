import { displayDate } from '@quayside/domain/text';

// One way to write a date, everywhere in the app: 'YYYY-MM-DD', the format of the dashboard's date
// columns and the CSV export (and of its file name, SPEC.md §2 'CSV export'), and 'YYYY-MM-DD HH:mm'
// (24-hour) when the time of day matters. Two kinds of date, one look:
// - a shipment's dates (ETD, ATA, ...) are calendar days, shown as their UTC day, as the server
//   compares and exports them: `formatDate` (the domain's displayDate, which the server uses too);
// - when something happened (a change, an upload, an alert, a delivery try) is a moment, shown in
//   the reader's own time zone: `formatDateTime`, or `formatLocalDate` where the day is enough.

const twoDigits = (value: number) => String(value).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
const localTime = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

/** A shipment's date (an ISO timestamp) as its calendar day: '2026-03-12'; '' when there is none. */
export const formatDate = (iso: string | null) => displayDate(iso);

/** A moment, in the reader's time zone: '2026-11-24 10:00'. Text that is not a date is shown as it is. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${localDay(date)} ${localTime(date)}`;
}

/** A moment's day, in the reader's time zone: '2026-11-24'. Text that is not a date is shown as it is. */
export function formatLocalDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : localDay(date);
}

/** An ISO date and time with its own offset: '2026-03-12T08:30:00+08:00', '...Z', or none. */
const AS_SENT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A moment as its sender wrote it, in the place's own time, not the reader's: a carrier's
 * '2026-03-12T08:30:00+08:00' is 08:30 in Shanghai, and reads '2026-03-12 08:30 (UTC+08:00)'.
 * Text that is not such a date is shown as it is.
 */
export function formatAsSent(text: string): string {
  const match = AS_SENT.exec(text.trim());
  if (!match) return text;
  const [, day, time, offset] = match;
  if (!offset) return `${day} ${time}`;
  if (offset.toUpperCase() === 'Z' || /^[+-]00:?00$/.test(offset)) return `${day} ${time} (UTC)`;
  const hours = offset.slice(0, 3);
  const minutes = offset.slice(-2);
  return `${day} ${time} (UTC${hours}:${minutes})`;
}
