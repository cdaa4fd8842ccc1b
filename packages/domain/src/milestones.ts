import { dayNumber } from './text.ts';

// Where a shipment is, at a glance: booked → departed → arrived → delivered, each with its planned
// and actual day. The dates are the shipment's own (SPEC.md §3 'Shipment'):
//
// | step      | planned                                 | actual                        |
// |-----------|-----------------------------------------|-------------------------------|
// | Booked    | none                                    | the day it was entered here   |
// | Departed  | ETD, or Origin ETD when there is no ETD | ATD                           |
// | Arrived   | Dest. ETA                               | ATA                           |
// | Delivered | Est Delivery                            | Act Delivery                  |
//
// Booked is the shipment's creation in the portal (the History tab's 'Shipment created'): the
// product holds no carrier booking date. The planned dates are the ones the exceptions use
// (exceptions.ts 'Late departure', 'Late arrival', 'Late delivery'), so 'late by N days' here
// agrees with the dashboard's late chips: a planned day has passed (is over, UTC) with no actual.

export const MILESTONE_KEYS = ['booked', 'departed', 'arrived', 'delivered'] as const;
export type MilestoneKey = (typeof MILESTONE_KEYS)[number];

export const MILESTONE_LABELS: Record<MilestoneKey, string> = {
  booked: 'Booked',
  departed: 'Departed',
  arrived: 'Arrived',
  delivered: 'Delivered',
};

/** The shipment's dates the steps read, as ISO timestamps (null when empty). */
export type MilestoneDates = {
  /** When the shipment was entered in the portal. */
  createdAt: string | null;
  ETD: string | null;
  'Origin ETD': string | null;
  ATD: string | null;
  'Dest. ETA': string | null;
  ATA: string | null;
  'Est Delivery': string | null;
  'Act Delivery': string | null;
};

export type Milestone = {
  key: MilestoneKey;
  label: string;
  /** The promised day, and the field it comes from ('ETD', 'Dest. ETA', ...). */
  planned: { at: string; field: string } | null;
  /** The recorded day, and its field ('ATD', ...); null when not recorded. */
  actual: { at: string; field: string } | null;
  /** Reached: recorded, or a later step is (a shipment that arrived has departed). */
  isReached: boolean;
  /** Days since the planned day passed with nothing recorded; null when not late. */
  lateByDays: number | null;
  /** The last step reached: where the shipment is now. */
  isCurrent: boolean;
};

const dated = (at: string | null, field: string) => (at === null ? null : { at, field });

/** The four steps of a shipment as of `today` (any moment of the day; the day is UTC). */
export function milestonesOf(dates: MilestoneDates, today: Date): Milestone[] {
  const todayNumber = dayNumber(today.toISOString());
  const steps: { key: MilestoneKey; planned: Milestone['planned']; actual: Milestone['actual'] }[] = [
    { key: 'booked', planned: null, actual: dated(dates.createdAt, 'Shipment created') },
    {
      key: 'departed',
      planned: dated(dates.ETD, 'ETD') ?? dated(dates['Origin ETD'], 'Origin ETD'),
      actual: dated(dates.ATD, 'ATD'),
    },
    { key: 'arrived', planned: dated(dates['Dest. ETA'], 'Dest. ETA'), actual: dated(dates.ATA, 'ATA') },
    {
      key: 'delivered',
      planned: dated(dates['Est Delivery'], 'Est Delivery'),
      actual: dated(dates['Act Delivery'], 'Act Delivery'),
    },
  ];
  // A shipment exists, so it is booked; every step before the last one recorded is reached too.
  const lastRecorded = Math.max(0, ...steps.map((step, index) => (step.actual === null ? 0 : index)));
  return steps.map((step, index) => {
    const isReached = index <= lastRecorded;
    const daysPast = step.planned === null ? 0 : todayNumber - dayNumber(step.planned.at);
    return {
      ...step,
      label: MILESTONE_LABELS[step.key],
      isReached,
      lateByDays: !isReached && daysPast > 0 ? daysPast : null,
      isCurrent: index === lastRecorded,
    };
  });
}

/** '1 day', '6 days'. */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** 'Late by 6 days', as the strip says it. */
export const lateText = (days: number) => `Late by ${daysText(days)}`;
