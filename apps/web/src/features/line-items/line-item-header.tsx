import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import type { LineItem } from '@quayside/domain/line-items';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { fromLineItemState, paths } from '../../lib/navigation.ts';
import { purchaseOrderQuery } from '../../lib/purchase-order-query.ts';
import { type LineItemPosition, positionLabel } from './line-item-navigation.ts';

type LineItemHeaderProps = {
  lineItem: LineItem;
  position: LineItemPosition;
  onMove: (index: number) => void;
  /** Edit, Save and Delete are for non-Employee roles only. */
  isEditor: boolean;
  isEditing: boolean;
  isSaving: boolean;
  canSave: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
  onDelete: () => void;
};

/** Its purchase order's page, when there is a PO of that number the user may see. */
function PurchaseOrderChip({ poNumber }: { poNumber: string }) {
  const po = useQuery(purchaseOrderQuery(poNumber));
  if (!po.data) return null;
  return (
    <Chip
      icon={<ReceiptLongIcon />}
      label={`PO ${poNumber}`}
      component={RouterLink}
      to={paths.purchaseOrder(poNumber)}
      clickable
      color="primary"
      variant="outlined"
      aria-label={`Purchase order ${poNumber}`}
    />
  );
}

/** 'Line Item: {PO}', the shipment chip, its purchase order's chip, previous/next with 'n of m', and the editing buttons. */
export function LineItemHeader(props: LineItemHeaderProps) {
  const { lineItem, position, onMove, isEditor, isEditing, isSaving } = props;
  const { index, list } = position;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
          {`Line Item: ${lineItem.title}`}
        </Typography>
        <Chip
          icon={<LocalShippingIcon />}
          label={lineItem.related_shipment}
          component={RouterLink}
          to={paths.shipment(lineItem.related_shipment)}
          state={fromLineItemState}
          clickable
          color="primary"
          variant="outlined"
          aria-label={`Shipment ${lineItem.related_shipment}`}
        />
        <PurchaseOrderChip poNumber={lineItem.title} />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          {/* Paging away would drop unsaved changes: it waits until they are saved or cancelled. */}
          <IconButton
            aria-label="Previous line item"
            disabled={isEditing || index <= 0}
            onClick={() => onMove(index - 1)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="body2" sx={{ minWidth: 56, textAlign: 'center' }}>
            {positionLabel(position)}
          </Typography>
          <IconButton
            aria-label="Next line item"
            disabled={isEditing || index >= list.length - 1}
            onClick={() => onMove(index + 1)}
          >
            <ChevronRightIcon />
          </IconButton>
        </Stack>
        {isEditor ? (
          <>
            {isEditing ? (
              <>
                <Button onClick={props.onCancel} disabled={isSaving}>
                  Cancel
                </Button>
                <Button variant="contained" onClick={props.onSave} disabled={!props.canSave || isSaving}>
                  {isSaving ? 'Saving...' : 'Save'}
                </Button>
              </>
            ) : (
              <Button variant="outlined" startIcon={<EditIcon />} onClick={props.onEdit}>
                Edit
              </Button>
            )}
            <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={props.onDelete}>
              Delete
            </Button>
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}
