import type { Booking } from '@quayside/domain/bookings';

/** What a booking carries, one line after another: 'A-1 × 60, A-2 × 20'. */
export const linesText = (booking: Pick<Booking, 'lines'>) =>
  booking.lines.map((line) => `${line.sku || `Line ${line.line_number}`} × ${line.qty}`).join(', ');
