import type { Proposal } from '@quayside/domain/confirmations';
import type { PurchaseOrderDetail, PurchaseOrderSummary } from '@quayside/domain/purchase-orders';

// Purchase orders as the server answers them, for screen tests: a row of the list and a whole PO.

export const poSummary = (overrides: Partial<PurchaseOrderSummary> = {}): PurchaseOrderSummary => ({
  po_number: 'PO-1',
  supplier: 'Acme Fasteners',
  order_date: '2026-09-01',
  cargo_ready_date: '2026-10-01',
  requested_delivery_date: '2026-11-15',
  status: 'partly_shipped',
  lines: 2,
  ordered_qty: 150,
  open_qty: 70,
  shipped_qty: 80,
  received_qty: 70,
  exceptions: [],
  confirmation: 'awaiting',
  ...overrides,
});

/** PO-1: line 1 partly shipped and received short, line 2 not shipped; one shipment; an unknown SKU. */
export const poDetail = (overrides: Partial<PurchaseOrderDetail> = {}): PurchaseOrderDetail => ({
  ...poSummary({ exceptions: ['po_received_short', 'po_unknown_sku'] }),
  incoterm: 'FOB',
  currency: 'USD',
  notes: 'Pack in cartons of 10.',
  short_closed_reason: null,
  purchaseOrderLines: [
    {
      line_number: 1,
      sku: 'BOLT-10',
      description: 'Hex bolt M10',
      unit: 'pcs',
      unit_price: 0.25,
      requested_date: null,
      cargo_ready_date: '2026-10-01',
      deliveries: null,
      ordered_qty: 100,
      open_qty: 20,
      over_shipped_qty: 0,
      booked_qty: 0,
      shipped_qty: 80,
      arrived_qty: 80,
      received_qty: 70,
      short_qty: 10,
    },
    {
      line_number: 2,
      sku: 'NUT-10',
      description: 'Hex nut M10',
      unit: 'pcs',
      unit_price: 0.1,
      requested_date: '2026-12-01',
      cargo_ready_date: '2026-10-01',
      deliveries: null,
      ordered_qty: 50,
      open_qty: 50,
      over_shipped_qty: 0,
      booked_qty: 20,
      shipped_qty: 0,
      arrived_qty: 0,
      received_qty: 0,
      short_qty: 0,
    },
  ],
  unknownSkus: [{ sku: 'WASHER-10', booked_qty: 0, shipped_qty: 5, arrived_qty: 5, received_qty: 0, short_qty: 0 }],
  shipments: [
    {
      shipment: 'QS-1',
      forwarder_name: 'Blue Freight',
      mode: 'Sea',
      etd: '2026-10-02T00:00:00.000Z',
      atd: '2026-10-03T00:00:00.000Z',
      dest_eta: '2026-11-01T00:00:00.000Z',
      ata: '2026-11-02T00:00:00.000Z',
      est_delivery: null,
      act_delivery: null,
      parts: [
        { sku: 'BOLT-10', qty: 80, received_qty: 70, reason: 'short' },
        { sku: 'WASHER-10', qty: 5, received_qty: null, reason: null },
      ],
    },
  ],
  history: [
    {
      at: '2026-11-03T10:00:00.000Z',
      kind: 'received',
      actor: 'admin@napco.example',
      source: 'screen',
      summary: 'QS-1 received: BOLT-10 70 of 80 (Short)',
    },
    {
      at: '2026-09-01T08:00:00.000Z',
      kind: 'created',
      actor: null,
      source: 'import',
      summary: 'Created with 2 lines',
    },
  ],
  proposals: [],
  ...overrides,
});

/** A supplier's proposal on PO-1 waiting for a decision: the PO's date moved, line 2 split in two. */
export const pendingProposal = (overrides: Partial<Proposal> = {}): Proposal => ({
  id: 7,
  kind: 'change',
  status: 'pending',
  proposed_by: 'Sam Supplier',
  proposed_at: '2026-09-10T09:00:00.000Z',
  note: 'Steel arrives late.',
  cargo_ready_date: { before: '2026-10-01', after: '2026-10-08' },
  lines: [
    {
      line_number: 2,
      sku: 'NUT-10',
      before: { ordered_qty: 50, cargo_ready_date: '2026-10-01' },
      ordered_qty: 50,
      cargo_ready_date: '2026-10-08',
      deliveries: [
        { qty: 30, cargo_ready_date: '2026-10-08' },
        { qty: 20, cargo_ready_date: '2026-11-01' },
      ],
    },
  ],
  decided_by: null,
  decided_at: null,
  decision_note: '',
  ...overrides,
});
