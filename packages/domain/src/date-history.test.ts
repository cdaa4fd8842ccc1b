import { describe, expect, it } from 'vitest';
import {
  type DateChange,
  describeEstimate,
  type EstimateSummary,
  historyTimeline,
  summariseEstimates,
} from './date-history.ts';

const change = (
  field: DateChange['field'],
  label: string,
  oldValue: string | null,
  newValue: string | null,
  at: string,
  source = 'screen',
): DateChange => ({
  field,
  label,
  oldValue,
  newValue,
  at,
  by: 'ana@example.com',
  source,
});

const none = {
  etd: null,
  origin_etd: null,
  atd: null,
  eta: null,
  dest_eta: null,
  ata: null,
  est_delivery: null,
  act_delivery: null,
  obl_received_date: null,
};

describe('an estimate from its first promise', () => {
  it('says how far it moved and how often', () => {
    const changes = [
      change(
        'dest_eta',
        'Dest. ETA',
        '2026-03-12T00:00:00.000Z',
        '2026-03-20T00:00:00.000Z',
        '2026-03-01T10:00:00.000Z',
      ),
      change(
        'dest_eta',
        'Dest. ETA',
        '2026-03-20T00:00:00.000Z',
        '2026-03-26T00:00:00.000Z',
        '2026-03-05T10:00:00.000Z',
        'import:7',
      ),
    ];
    const [summary] = summariseEstimates(changes, { ...none, dest_eta: '2026-03-26T00:00:00.000Z' });
    expect(summary).toMatchObject({
      field: 'dest_eta',
      firstPromise: '2026-03-12T00:00:00.000Z',
      daysMoved: 14,
      changes: 2,
    });
    expect(describeEstimate(summary as EstimateSummary)).toBe(
      'Dest. ETA: 2026-03-12 → 2026-03-26, +14 days, 2 changes',
    );
  });

  it('takes a first value set later as the first promise, and labels a field the screens never show', () => {
    const changes = [
      change('eta', 'ETA', null, '2026-12-30T00:00:00.000Z', '2026-11-01T10:00:00.000Z'),
      change('eta', 'ETA', '2026-12-30T00:00:00.000Z', '2027-01-02T00:00:00.000Z', '2026-11-02T10:00:00.000Z'),
    ];
    const [summary] = summariseEstimates(changes, { ...none, eta: '2027-01-02T00:00:00.000Z' });
    expect(describeEstimate(summary as EstimateSummary)).toBe(
      'ETA (from import or the API; not on the Dates tab): 2026-12-30 → 2027-01-02, +3 days, 2 changes',
    );
  });

  it('leaves out estimates that never had a value', () => {
    expect(
      summariseEstimates([], { ...none, etd: '2026-03-01T00:00:00.000Z' }).map((summary) => summary.field),
    ).toEqual(['etd']);
  });
});

describe('the history timeline', () => {
  it('puts the newest first, calls first milestones by name and says who and through what', () => {
    const timeline = historyTimeline({
      shipment: 'SH-1',
      createdAt: '2026-03-01T09:00:00.000Z',
      changes: [
        change('atd', 'ATD', null, '2026-03-02T00:00:00.000Z', '2026-03-02T10:00:00.000Z', 'api'),
        change(
          'dest_eta',
          'Dest. ETA',
          '2026-03-12T00:00:00.000Z',
          '2026-03-22T00:00:00.000Z',
          '2026-03-04T10:00:00.000Z',
          'import:12',
        ),
      ],
      estimates: [],
      documents: [{ documentType: 'Bill of Lading', fileName: 'bl.pdf', at: '2026-03-03T10:00:00.000Z' }],
    });
    expect(timeline.map(({ title, detail }) => [title, detail])).toEqual([
      ['Dest. ETA: 2026-03-12 → 2026-03-22', 'ana@example.com, import #12'],
      ['Bill of Lading uploaded', 'bl.pdf'],
      ['Departed: 2026-03-02', 'ana@example.com, through the API'],
      ['Shipment created', ''],
    ]);
    expect(timeline.map((entry) => entry.isMilestone)).toEqual([false, false, true, false]);
  });

  it('writes every date as the rest of the app does, and labels ETD and ETA, which no screen shows', () => {
    const timeline = historyTimeline({
      shipment: 'SH-1',
      createdAt: '2026-03-01T09:00:00.000Z',
      changes: [
        change('etd', 'ETD', '2026-03-05T00:00:00.000Z', '2026-03-06T00:00:00.000Z', '2026-03-02T10:00:00.000Z'),
        // A date stored with a time of day still reads as its (UTC) calendar day.
        change('origin_etd', 'Origin ETD', null, '2026-03-05T23:30:00.000-02:00', '2026-03-03T10:00:00.000Z'),
      ],
      estimates: [],
      documents: [],
    });
    expect(timeline.map(({ title }) => title)).toEqual([
      'Origin ETD: none → 2026-03-06',
      'ETD (from import or the API; not on the Dates tab): 2026-03-05 → 2026-03-06',
      'Shipment created',
    ]);
  });
});
