import { describe, expect, it } from 'vitest';
import { EXCEPTION_KINDS, EXCEPTION_SEVERITY, exceptionBadgeText, SEVERITY_COLOURS } from './exceptions.ts';
import { LineItemQuery } from './line-item-query.ts';

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(first: string, second: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('exception badges', () => {
  it('say the case and its size', () => {
    const facts = {
      late_departure: 2,
      late_arrival: 6,
      late_delivery: 1,
      eta_slipped: 9,
      missing_documents: ['Bill of Lading' as const, 'Packing List' as const],
      stale: 20,
      po_overdue: 4,
      po_not_booked: 3,
      po_cargo_ready_slipped: 14,
      po_received_short: 5,
      po_over_shipped: 12,
      po_unknown_sku: 2,
    };
    expect(EXCEPTION_KINDS.map((kind) => exceptionBadgeText(kind, facts))).toEqual([
      'Late departure · 2 d',
      'Late arrival · 6 d',
      'Late delivery · 1 d',
      'ETA +9 d',
      'Missing: Bill of Lading, Packing List',
      'Stale · 20 d',
      'PO overdue · 4 d',
      'Not booked · 3 d',
      'Cargo-ready +14 d',
      'Received short · −5',
      'Over-shipped · +12',
      'Unknown SKUs · 2',
    ]);
    expect(exceptionBadgeText('late_arrival', {})).toBe('Late arrival');
    expect(exceptionBadgeText('po_unknown_sku', { po_unknown_sku: 1 })).toBe('Unknown SKU shipped');
    expect(exceptionBadgeText('po_not_booked', {})).toBe('Not booked by cargo-ready date');
  });

  it('are coloured by severity, each text at least 7:1 on its tint and on white', () => {
    for (const kind of EXCEPTION_KINDS) {
      const { color, backgroundColor } = SEVERITY_COLOURS[EXCEPTION_SEVERITY[kind]];
      expect(contrast(color, backgroundColor)).toBeGreaterThanOrEqual(7);
      expect(contrast(color, '#ffffff')).toBeGreaterThanOrEqual(7);
    }
  });
});

describe('missingDocument=', () => {
  it('takes a document type as written, and refuses another naming the known ones', () => {
    expect(LineItemQuery.parse({ missingDocument: 'Bill of Lading' }).missingDocument).toBe('Bill of Lading');
    const refused = LineItemQuery.safeParse({ missingDocument: 'Passport' });
    expect(refused.error?.issues[0]?.message).toBe(
      'Unknown document type: Passport. Use one of Airway Bill, Bill of Lading, Commercial Invoice, House Bill, Manifest, Master Bill, Packing List, Proof of Delivery, Other.',
    );
  });
});
