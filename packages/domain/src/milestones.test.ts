import { describe, expect, it } from 'vitest';
import { lateText, type MilestoneDates, milestonesOf } from './milestones.ts';

const day = (date: string) => `${date}T00:00:00.000Z`;
const NONE: MilestoneDates = {
  createdAt: null,
  ETD: null,
  'Origin ETD': null,
  ATD: null,
  'Dest. ETA': null,
  ATA: null,
  'Est Delivery': null,
  'Act Delivery': null,
};
const TODAY = new Date('2026-03-20T15:30:00.000Z');

const summary = (dates: Partial<MilestoneDates>, today = TODAY) =>
  milestonesOf({ ...NONE, ...dates }, today).map((step) => ({
    label: step.label,
    planned: step.planned?.field ?? null,
    actual: step.actual?.at.slice(0, 10) ?? null,
    isReached: step.isReached,
    lateByDays: step.lateByDays,
    isCurrent: step.isCurrent,
  }));

describe('the milestone strip', () => {
  it('a shipment just entered is booked, and nothing is late before its planned days', () => {
    const steps = summary({
      createdAt: '2026-03-18T09:12:00.000Z',
      'Origin ETD': day('2026-03-20'),
      'Dest. ETA': day('2026-04-10'),
      'Est Delivery': day('2026-04-15'),
    });
    expect(steps).toEqual([
      { label: 'Booked', planned: null, actual: '2026-03-18', isReached: true, lateByDays: null, isCurrent: true },
      {
        label: 'Departed',
        planned: 'Origin ETD',
        actual: null,
        isReached: false,
        lateByDays: null,
        isCurrent: false,
      },
      { label: 'Arrived', planned: 'Dest. ETA', actual: null, isReached: false, lateByDays: null, isCurrent: false },
      {
        label: 'Delivered',
        planned: 'Est Delivery',
        actual: null,
        isReached: false,
        lateByDays: null,
        isCurrent: false,
      },
    ]);
  });

  it('plans the departure by ETD when there is one, as Late departure does', () => {
    const [, departed] = summary({ ETD: day('2026-03-17'), 'Origin ETD': day('2026-03-19') });
    expect(departed).toMatchObject({ planned: 'ETD', lateByDays: 3 });
  });

  it('is late by the days since the planned day ended with nothing recorded (UTC days)', () => {
    const steps = summary({ 'Origin ETD': day('2026-03-19'), 'Dest. ETA': day('2026-03-20') });
    expect(steps[1]?.lateByDays).toBe(1); // yesterday's departure day is over
    expect(steps[2]?.lateByDays).toBeNull(); // today's arrival day is not over yet
  });

  it('marks the last step recorded as current, and what came before it as reached', () => {
    const steps = summary({
      'Origin ETD': day('2026-03-01'),
      ATD: day('2026-03-02'),
      'Dest. ETA': day('2026-03-14'),
      'Est Delivery': day('2026-03-25'),
    });
    expect(steps.map((step) => [step.label, step.isReached, step.isCurrent, step.lateByDays])).toEqual([
      ['Booked', true, false, null],
      ['Departed', true, true, null],
      ['Arrived', false, false, 6],
      ['Delivered', false, false, null],
    ]);
  });

  it('an arrival recorded without a departure still counts as departed, never as late', () => {
    const steps = summary({ 'Origin ETD': day('2026-03-01'), ATA: day('2026-03-15') });
    expect(steps[1]).toMatchObject({ actual: null, isReached: true, lateByDays: null, isCurrent: false });
    expect(steps[2]).toMatchObject({ actual: '2026-03-15', isCurrent: true });
  });

  it('a delivered shipment is current at Delivered, even when it was delivered after the plan', () => {
    const steps = summary({ ATD: day('2026-03-01'), ATA: day('2026-03-10'), 'Act Delivery': day('2026-03-18') });
    expect(steps.filter((step) => step.isCurrent).map((step) => step.label)).toEqual(['Delivered']);
    expect(steps.every((step) => step.isReached && step.lateByDays === null)).toBe(true);
  });

  it('says late in days, one or many', () => {
    expect(lateText(1)).toBe('Late by 1 day');
    expect(lateText(6)).toBe('Late by 6 days');
  });
});
