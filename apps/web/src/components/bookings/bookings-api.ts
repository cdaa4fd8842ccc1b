import type { BookingRequestInput, BookingStatus, ConfirmBookingInput, LaneRule } from '@quayside/domain/bookings';
import type { PageSize } from '@quayside/domain/constants';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { bookingKeys, lineItemKeys, partKeys, shipmentKeys } from '../../lib/query-keys.ts';

export type BookingListState = { status: BookingStatus | null; po?: string; page: number; pageSize: PageSize };

/** A page of booking requests, newest first; the page on screen stays while the next one loads. */
export const bookingListQuery = ({ status, po, page, pageSize }: BookingListState) => {
  const query = { ...(status ? { status } : {}), ...(po ? { po } : {}), page, pageSize };
  return queryOptions({
    queryKey: bookingKeys.list(query),
    queryFn: ({ signal }) => call('listBookings', { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const laneRulesQuery = () =>
  queryOptions({
    queryKey: bookingKeys.laneRules(),
    queryFn: ({ signal }) => call('getLaneRules', { signal }),
  });

/**
 * A booking's change, whatever it is: the bookings are read again, and so are the POs and line
 * items (the POs live under the line items' key), whose booked quantities it moves, and the
 * shipments and parts a confirmation creates.
 */
function useBookingChange<Input>(send: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      markDataChanged();
      for (const queryKey of [bookingKeys.all, lineItemKeys.all, shipmentKeys.all, partKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useRequestBooking = () =>
  useBookingChange((body: BookingRequestInput) => call('requestBooking', { body }));

export const useRouteBooking = (reference: string) =>
  useBookingChange((forwarder_name: string) =>
    call('routeBooking', { query: { reference }, body: { forwarder_name } }),
  );

export const useConfirmBooking = (reference: string) =>
  useBookingChange((body: ConfirmBookingInput) => call('confirmBooking', { query: { reference }, body }));

export const useDeclineBooking = (reference: string) =>
  useBookingChange((reason: string) => call('declineBooking', { query: { reference }, body: { reason } }));

/** Replaces the lane rules with the list given, in its order (the first that matches routes). */
export function useSaveLaneRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: LaneRule[]) => call('saveLaneRules', { body: { rules } }),
    onSuccess: (saved) => queryClient.setQueryData(bookingKeys.laneRules(), saved),
  });
}
