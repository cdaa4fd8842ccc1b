import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { DEFAULT_PART_UNIT } from '@quayside/domain/constants';
import type { LineItem } from '@quayside/domain/line-items';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { CardList, InfoCard } from '../../components/card-list.tsx';
import { type LineItemNavigationState, paths } from '../../lib/navigation.ts';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import { SHIPMENT_LINE_ITEMS_LIMIT, shipmentLineItemsQuery } from './shipments-api.ts';

const COLUMNS = ['PO Number', 'Forwarder', 'Total Quantity', 'Parts', 'Actions'] as const;
const NO_LINE_ITEMS = 'No line items associated with this shipment';

function PartChips({ lineItem }: { lineItem: LineItem }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {lineItem.parts.map((part) => (
        <Chip
          // A part number appears once per line item (the server keeps them unique).
          key={part.part_number}
          size="small"
          variant="outlined"
          label={`${part.part_number} · ${part.qty ?? 0} ${DEFAULT_PART_UNIT}`}
          sx={{ maxWidth: '100%' }}
        />
      ))}
    </Box>
  );
}

function ViewDetails({ lineItem, onView }: { lineItem: LineItem; onView: () => void }) {
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={onView}
      sx={{ whiteSpace: 'nowrap' }}
      aria-label={`View details of ${lineItem.title}`}
    >
      View Details
    </Button>
  );
}

function LineItemRow({ lineItem, onView }: { lineItem: LineItem; onView: () => void }) {
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{lineItem.title}</TableCell>
      <TableCell>{lineItem.forwarder_name}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{lineItem.total_qty}</TableCell>
      <TableCell>
        <PartChips lineItem={lineItem} />
      </TableCell>
      <TableCell>
        <ViewDetails lineItem={lineItem} onView={onView} />
      </TableCell>
    </TableRow>
  );
}

/** SPEC.md §2 'Line Items & Parts' tab: the shipment's line items, each opening its detail screen. */
export function ShipmentLineItems({ shipmentNumber }: { shipmentNumber: string }) {
  const headingId = useId();
  const navigate = useNavigate();
  const lineItemsQuery = useQuery(shipmentLineItemsQuery(shipmentNumber));
  const lineItems = lineItemsQuery.data?.lineItems;
  const isPhone = useMediaQuery(PHONE_QUERY);

  // The detail screen pages through this shipment's line items and knows it came from here.
  const view = (index: number) => {
    const lineItem = lineItems?.[index];
    if (!lineItems || !lineItem) return;
    const state: LineItemNavigationState = {
      lineItem,
      subsetData: lineItems,
      index,
      fromShipment: true,
      shipmentId: shipmentNumber,
    };
    navigate(paths.lineItemOf(lineItem), { state });
  };

  return (
    <Stack spacing={2}>
      <Typography id={headingId} variant="h6" component="h2">
        Line Items & Parts
      </Typography>
      {lineItemsQuery.isError && !lineItems ? (
        <Alert severity="error">Failed to load line items. Please try again.</Alert>
      ) : null}
      {lineItemsQuery.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading line items" />
        </Box>
      ) : null}
      {lineItems && isPhone ? (
        // A card per line item on a phone, its parts and View Details under its PO number.
        <CardList labelledBy={headingId} isEmpty={lineItems.length === 0} emptyText={NO_LINE_ITEMS}>
          {lineItems.map((lineItem, index) => (
            <InfoCard
              key={lineItem._id}
              title={lineItem.title}
              fields={[
                { label: 'Forwarder', value: lineItem.forwarder_name },
                { label: 'Total Quantity', value: lineItem.total_qty },
                { label: 'Parts', value: <PartChips lineItem={lineItem} /> },
              ]}
              actions={<ViewDetails lineItem={lineItem} onView={() => view(index)} />}
            />
          ))}
        </CardList>
      ) : lineItems ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                    {column}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {lineItems.map((lineItem, index) => (
                <LineItemRow key={lineItem._id} lineItem={lineItem} onView={() => view(index)} />
              ))}
              {lineItems.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                    {NO_LINE_ITEMS}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {lineItemsQuery.data && lineItemsQuery.data.total > SHIPMENT_LINE_ITEMS_LIMIT ? (
        <Typography variant="body2" color="text.secondary">
          {`Showing the first ${SHIPMENT_LINE_ITEMS_LIMIT} of ${lineItemsQuery.data.total} line items.`}
        </Typography>
      ) : null}
    </Stack>
  );
}
