import type { Booking } from '@quayside/domain/bookings';

// Booking requests as the server answers them, for screen tests.

/** BK-000001: PO-1's two lines requested by its supplier, not routed yet. */
export const booking = (overrides: Partial<Booking> = {}): Booking => ({
  reference: 'BK-000001',
  status: 'requested',
  po_number: 'PO-1',
  supplier: 'Acme Fasteners',
  requested_by: 'sam@acme.example',
  requested_at: '2026-09-20T09:00:00.000Z',
  cargo_ready_date: '2026-10-01',
  lines: [
    { line_number: 1, sku: 'BOLT-10', description: 'Hex bolt M10', qty: 20 },
    { line_number: 2, sku: 'NUT-10', description: 'Hex nut M10', qty: 30 },
  ],
  packages: 4,
  weight_kg: 120,
  volume_cbm: 1.5,
  origin: 'CNSHA',
  mode: 'SEA',
  note: '',
  forwarder_name: null,
  routed_by: null,
  decided_at: null,
  decline_reason: null,
  shipment: null,
  carrier_booking_reference: '',
  ...overrides,
});

/** BK-000002: routed to Blue Freight, waiting for its answer. */
export const routedBooking = (overrides: Partial<Booking> = {}): Booking =>
  booking({
    reference: 'BK-000002',
    status: 'routed',
    lines: [{ line_number: 2, sku: 'NUT-10', description: 'Hex nut M10', qty: 20 }],
    forwarder_name: 'Blue Freight',
    routed_by: 'lane rule',
    ...overrides,
  });

/** BK-000003: confirmed as shipment QS-7. */
export const confirmedBooking = (overrides: Partial<Booking> = {}): Booking =>
  booking({
    reference: 'BK-000003',
    status: 'confirmed',
    lines: [{ line_number: 1, sku: 'BOLT-10', description: 'Hex bolt M10', qty: 80 }],
    forwarder_name: 'Blue Freight',
    routed_by: 'admin@napco.example',
    decided_at: '2026-09-22T10:00:00.000Z',
    shipment: 'QS-7',
    carrier_booking_reference: 'MAEU123',
    ...overrides,
  });

export const bookingList = (bookings: Booking[], total = bookings.length) => ({
  bookings,
  total,
  page: 1,
  pageSize: 25,
});
