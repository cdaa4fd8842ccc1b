import {
  DELETE_PART_FAILED,
  type NewPart,
  PART_NOT_FOUND,
  type Part,
  type PartDelete,
  type PartsList,
} from '@quayside/domain/parts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, failureMessage } from '../../lib/api.ts';
import { lineItemKeys, partKeys } from '../../lib/query-keys.ts';
import { listWithQuantity } from './part-quantities.ts';
import { partsQuery } from './parts-query.ts';

export { partsQuery };

type LineItemRef = { po: string; shipment: string };

/**
 * Every write answers the line item's whole list as stored: it replaces the cached list (a read
 * still under way is cancelled, so it cannot put the old list back), and the line-item lists and
 * details, which show the count, the total quantity and the part numbers, are read again.
 */
async function afterPartsChanged(queryClient: QueryClient, lineItem: LineItemRef, parts: Part[]) {
  const { queryKey } = partsQuery(lineItem);
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, parts);
  // Every line-item list and detail shows the parts' count, total and numbers.
  void queryClient.invalidateQueries({ queryKey: lineItemKeys.all });
}

const refOf = (key: { related_po_number: string; related_shipment: string }): LineItemRef => ({
  po: key.related_po_number,
  shipment: key.related_shipment,
});

/** `addPart`: adds one part; resolves to the whole list. */
export function useAddPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (part: NewPart) => (await call('addPart', { body: part })).parts,
    onSuccess: (parts, part) => afterPartsChanged(queryClient, refOf(part), parts),
  });
}

/** `replaceParts`: the line item's parts become exactly this list; resolves to it as stored. */
export function useSaveParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (list: PartsList) => (await call('replaceParts', { body: list })).parts,
    onSuccess: (parts, list) => afterPartsChanged(queryClient, refOf(list), parts),
  });
}

/**
 * One part's new quantity. The API saves whole lists only, so the list is read again first and
 * only this part changes in it: a part someone added meanwhile is kept, not saved away (and the
 * server refuses the save if one arrives between the read and the write).
 */
export function useUpdatePartQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ lineItem, partNumber, qty }: { lineItem: LineItemRef; partNumber: string; qty: number }) => {
      const current = await queryClient.fetchQuery({ ...partsQuery(lineItem), staleTime: 0 });
      if (!current.some((part) => part.part_number === partNumber)) throw new ApiError(404, PART_NOT_FOUND);
      const list: PartsList = {
        related_po_number: lineItem.po,
        related_shipment: lineItem.shipment,
        parts: listWithQuantity(current, partNumber, qty),
        prev_part_numbers: current.map((part) => part.part_number),
      };
      return (await call('replaceParts', { body: list })).parts;
    },
    onSuccess: (parts, { lineItem }) => afterPartsChanged(queryClient, lineItem, parts),
  });
}

/** `deletePart`: removes one part, refused if the list shown is no longer the stored one. */
export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PartDelete) => (await call('deletePart', { body: request })).parts,
    onSuccess: (parts, request) => afterPartsChanged(queryClient, refOf(request), parts),
    // A refusal because the list changed elsewhere: show the current one.
    onError: (_error, request) => void queryClient.invalidateQueries({ queryKey: partKeys.list(refOf(request)) }),
  });
}

export const deleteFailureMessage = (error: unknown) => failureMessage(error, DELETE_PART_FAILED);
