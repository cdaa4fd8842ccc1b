import { z } from 'zod';
import { MODE_OPTIONS, PAGE_SIZES } from './constants.ts';
import { pageParam, pageSizeParam, plainText } from './fields.ts';
import { wholeQuantity } from './parts.ts';
import { parseCalendarDate } from './text.ts';

// Booking requests: when goods are ready, the supplier (or staff) asks for them to be booked —
// which lines of one PO and how many of each, when they are ready, their packages, weight and
// volume, where from and by which mode. Staff route the request to a forwarder (by hand, or by a
// lane rule an Admin sets); the forwarder confirms it, which creates the shipment with a line item
// for the PO and a part per line through the write door (so the PO counts it as booked), or
// declines it with a reason. Names follow DCSA's Booking 2.0 where ours had none (cargo gross
// weight and volume, number of packages, place of receipt, carrier booking reference).

export const BOOKING_STATUSES = ['requested', 'routed', 'confirmed', 'declined'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Requested',
  routed: 'Routed to forwarder',
  confirmed: 'Confirmed',
  declined: 'Declined',
};

export const MAX_BOOKING_LINES = 200;
export const MAX_LANE_RULES = 200;

// The server's answers that a client may show as they are.
export const BOOKING_REQUESTED = 'Booking requested.';
export const bookingRouted = (forwarder: string) => `Booking routed to ${forwarder}.`;
export const BOOKING_CONFIRMED = 'Booking confirmed: the shipment is created.';
export const BOOKING_DECLINED = 'Booking declined.';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const BOOKINGS_FORBIDDEN = 'Only the purchase order’s supplier or an administrator can request a booking.';
export const ROUTING_FORBIDDEN = 'Only an administrator can route a booking or set lane rules.';
export const CONFIRMING_FORBIDDEN = 'Only the forwarder a booking is routed to, or an administrator, can answer it.';
export const bookingNotInState = (status: BookingStatus) =>
  `This booking is ${BOOKING_STATUS_LABELS[status].toLowerCase()}: it cannot be changed that way now.`;
export const moreThanOpen = (line: number, open: number) =>
  `Line ${line}: at most ${open} can be booked (ordered, less what is booked, shipped or requested already).`;
export const bookingLineTwice = (line: number) => `Line ${line} is listed more than once.`;
export const noBookingLine = (line: number) => `Line ${line} is not on this purchase order.`;
export const shipmentNumberTaken = (shipment: string) =>
  `Shipment ${shipment.slice(0, 80)} already exists: give the booking another shipment number.`;

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date, YYYY-MM-DD.` })
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseCalendarDate(value) !== null,
      `${name} must be a date, YYYY-MM-DD.`,
    );
const text = (name: string, max: number) => plainText(max, `${name} must be at most ${max} characters.`);
const required = (name: string, max: number) => text(name, max).refine((value) => value !== '', `${name} is required.`);
const measure = (name: string, unit: string) =>
  z
    .number({ error: `${name} must be a number of ${unit}.` })
    .min(0, `${name} must not be negative.`)
    .max(1e9, `${name} is too large.`)
    .nullable()
    .default(null);

export const BookingLineInput = z.strictObject({
  line_number: wholeQuantity('Line number', 1),
  qty: wholeQuantity('Quantity', 1),
});

/** A booking request: one PO's lines and quantities, and the cargo as it will be handed over. */
export const BookingRequestInput = z
  .strictObject({
    po_number: required('PO number', 200),
    cargo_ready_date: day('Cargo-ready date'),
    lines: z
      .array(BookingLineInput)
      .min(1, 'Book at least one line.')
      .max(MAX_BOOKING_LINES, `A booking has at most ${MAX_BOOKING_LINES} lines.`),
    packages: wholeQuantity('Packages', 0).nullable().default(null).describe('numberOfPackages'),
    weight_kg: measure('Weight', 'kilograms').describe('cargoGrossWeight, KGM'),
    volume_cbm: measure('Volume', 'cubic metres').describe('cargoGrossVolume, MTQ'),
    origin: text('Origin', 100).default('').describe('placeOfReceipt: a UN/LOCODE or a place name'),
    mode: z.enum(MODE_OPTIONS, { error: `Mode is one of ${MODE_OPTIONS.join(', ')}.` }),
    note: text('Note', 2000).default(''),
  })
  .superRefine((input, context) => {
    const seen = new Set<number>();
    input.lines.forEach((line, index) => {
      if (seen.has(line.line_number))
        context.addIssue({
          code: 'custom',
          path: ['lines', index, 'line_number'],
          message: bookingLineTwice(line.line_number),
        });
      seen.add(line.line_number);
    });
  });
export type BookingRequestInput = z.infer<typeof BookingRequestInput>;

export const BookingReferenceQuery = z.strictObject({
  reference: required('reference', 40).describe('The booking’s reference, BK-…'),
});

export const RouteInput = z.strictObject({
  forwarder_name: required('Forwarder', 200).describe('The Forwarder Name its shipments will carry'),
});

export const ConfirmBookingInput = z.strictObject({
  shipment: required('Shipment', 100).describe('The shipment number (the forwarder’s reference) to create'),
  carrier_booking_reference: text('Carrier booking reference', 100).default(''),
  etd: day('ETD').nullable().default(null),
  dest_eta: day('Dest. ETA').nullable().default(null),
});
export type ConfirmBookingInput = z.infer<typeof ConfirmBookingInput>;

export const DeclineInput = z.strictObject({
  reason: required('Reason', 1000).describe('Why the forwarder cannot take it'),
});

export const BookingLine = z.object({
  line_number: z.number().int(),
  sku: z.string(),
  description: z.string(),
  qty: z.number().int(),
});

export const Booking = z.object({
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  po_number: z.string(),
  supplier: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
  cargo_ready_date: z.string(),
  lines: z.array(BookingLine),
  packages: z.number().int().nullable(),
  weight_kg: z.number().nullable(),
  volume_cbm: z.number().nullable(),
  origin: z.string(),
  mode: z.string(),
  note: z.string(),
  forwarder_name: z.string().nullable().describe('Whom it is routed to'),
  routed_by: z.string().nullable().describe("A person's e-mail, or 'lane rule'"),
  decided_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  shipment: z.string().nullable().describe('The shipment its confirmation created'),
  carrier_booking_reference: z.string(),
});
export type Booking = z.infer<typeof Booking>;

export const BookingListQuery = z.strictObject({
  status: z.enum(BOOKING_STATUSES, { error: `status is one of ${BOOKING_STATUSES.join(', ')}.` }).optional(),
  po: text('po', 200).optional().describe('Only the bookings of this PO'),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(PAGE_SIZES[0]),
});

export const BookingListResponse = z.object({
  bookings: z.array(Booking),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const BookingAnswer = z.object({ message: z.string(), booking: Booking });

/** An Admin's lane rule: requests from this origin (and mode, when given) go to this forwarder at once. */
export const LaneRule = z.strictObject({
  origin: required('Origin', 100),
  mode: z.enum(['', ...MODE_OPTIONS], { error: `Mode is empty (any) or one of ${MODE_OPTIONS.join(', ')}.` }),
  forwarder_name: required('Forwarder', 200),
});
export type LaneRule = z.infer<typeof LaneRule>;

export const LaneRules = z.strictObject({
  rules: z.array(LaneRule).max(MAX_LANE_RULES, `At most ${MAX_LANE_RULES} lane rules.`),
});
