import { LINE_ITEM_CHARGE_DISPLAY } from '@quayside/domain/constants';
import type { LineItem } from '@quayside/domain/line-items';
import { formatDate } from '../../lib/date-time.ts';
import { DetailField, DetailGrid } from './detail-fields.tsx';

const DATES = [
  ['OBL Received Date', 'obl_received_date'],
  ['ATD', 'atd'],
  ['Dest. ETA', 'dest_eta'],
  ['ATA', 'ata'],
  ['Est Delivery', 'est_delivery'],
  ['Act Delivery', 'act_delivery'],
  ['Origin ETD', 'shipment_origin_etd'],
] as const satisfies readonly (readonly [string, keyof LineItem])[];

/** SPEC.md §2 Dates tab, as calendar days (UTC, as the dashboard shows them). */
export function LineItemDatesTab({ lineItem }: { lineItem: LineItem }) {
  return (
    <DetailGrid>
      {DATES.map(([label, key]) => (
        <DetailField key={key} label={label}>
          {formatDate(lineItem[key])}
        </DetailField>
      ))}
    </DetailGrid>
  );
}

const amount = (value: number | null) => (value === null ? '' : String(value));

/** SPEC.md §2 Container Details tab; Charge is always the constant '0.00 M3'. */
export function LineItemContainerTab({ lineItem }: { lineItem: LineItem }) {
  return (
    <DetailGrid>
      <DetailField label="Weight">{amount(lineItem.weight)}</DetailField>
      <DetailField label="Outer">{amount(lineItem.outer)}</DetailField>
      <DetailField label="Volume">{amount(lineItem.volume)}</DetailField>
      <DetailField label="Charge">{LINE_ITEM_CHARGE_DISPLAY}</DetailField>
    </DetailGrid>
  );
}
