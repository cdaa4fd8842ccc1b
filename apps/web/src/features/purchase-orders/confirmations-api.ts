import type { DecisionInput, ProposalInput } from '@quayside/domain/confirmations';
import type { PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { lineItemKeys, purchaseOrderKeys, supplierKeys } from '../../lib/query-keys.ts';

type Answer = { message: string; purchaseOrder: PurchaseOrderDetail };

/**
 * A supplier's answer or an Admin's decision. The PO's page shows the answer's PO at once; its
 * dates and quantities move the list, the line items carrying its number and the suppliers' counts,
 * so those are read again.
 */
function useConfirmationCall<Input>(poNumber: string, send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      markDataChanged();
      queryClient.setQueryData(purchaseOrderKeys.detail(poNumber), answer.purchaseOrder);
      void queryClient.invalidateQueries({ queryKey: lineItemKeys.all });
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
  });
}

/** The supplier accepts the PO as it stands, with an optional note. */
export const useConfirmPurchaseOrder = (poNumber: string) =>
  useConfirmationCall(poNumber, (note: string) =>
    call('confirmPurchaseOrder', { query: { po: poNumber }, body: note === '' ? {} : { note } }),
  );

export const useProposeChanges = (poNumber: string) =>
  useConfirmationCall(poNumber, (proposal: ProposalInput) =>
    call('proposePurchaseOrderChanges', { query: { po: poNumber }, body: proposal }),
  );

/** An Admin approves or rejects a waiting proposal; a rejection says why. */
export const useDecideProposal = (poNumber: string) =>
  useConfirmationCall(poNumber, (decision: DecisionInput) =>
    call('decidePurchaseOrderProposal', { query: { po: poNumber }, body: decision }),
  );
