import { displayDate } from '@quayside/domain/text';

// Shipment dates travel as ISO timestamps and are edited in date inputs ('YYYY-MM-DD'). The day
// shown is the UTC calendar date, as everywhere else in the product (the dashboard's columns).

/** A stored timestamp as a date input's value; '' when there is none. */
export const dateFromIso = (iso: string | null): string => displayDate(iso);

/** A date input's value ('YYYY-MM-DD') as the ISO timestamp of that day's start in UTC. */
export const isoFromDate = (date: string): string => `${date}T00:00:00.000Z`;
