import { CONSIGNEE_OPTIONS, DESTINATION_PORTS, ORIGIN_PORTS } from '@quayside/domain/constants';
import { SHIPMENT_ID_IMMUTABLE } from '@quayside/domain/shipments';
import { FieldGrid, SelectInput, TextInput } from './form-inputs.tsx';
import type { ShipmentFormErrors, ShipmentFormValues } from './shipment-form.ts';

export const FORWARDER_FIXED = 'Fixed to your company name as a Forwarder';

type ShipmentHeaderFieldsProps = {
  values: ShipmentFormValues;
  setField: (label: keyof ShipmentFormValues, value: string) => void;
  mode: 'edit' | 'create';
  isEditing: boolean;
  isForwarder: boolean;
  /** Problems to fix before saving: Master's is shown under it. */
  errors: ShipmentFormErrors;
  /** The PO numbers the shipment has (edit mode): shown, never changed here. */
  existingOrderRefs: readonly string[];
};

/** SPEC.md §2: Shipment, Forwarder Name, Line Items, Consignee Name, Consignor Name, Origin, Destination, House, Master. */
export function ShipmentHeaderFields(props: ShipmentHeaderFieldsProps) {
  const { values, setField, mode, isEditing, isForwarder, errors, existingOrderRefs } = props;
  const isReadOnly = !isEditing;
  const isCreating = mode === 'create';
  const field = (label: keyof ShipmentFormValues) => ({
    label,
    value: values[label],
    onChange: (value: string) => setField(label, value),
    isReadOnly,
  });

  return (
    <FieldGrid>
      {isCreating ? (
        <TextInput {...field('Shipment')} isRequired />
      ) : (
        // The number names the shipment everywhere: it cannot change once created (SPEC.md §5).
        <TextInput
          {...field('Shipment')}
          label={isEditing ? 'Shipment (cannot be modified)' : 'Shipment'}
          isReadOnly
          helperText={isEditing ? SHIPMENT_ID_IMMUTABLE : undefined}
        />
      )}
      <TextInput
        {...field('Forwarder Name')}
        isReadOnly={isReadOnly || isForwarder}
        helperText={isForwarder && isEditing ? FORWARDER_FIXED : undefined}
      />
      {isCreating ? (
        <TextInput {...field('Order Ref')} label="Line Items" helperText="PO numbers, separated by commas" />
      ) : (
        <TextInput
          label="Line Items"
          value={existingOrderRefs.join(', ')}
          onChange={() => undefined}
          isReadOnly
          isMultiline
        />
      )}
      {!isCreating && isEditing ? (
        <TextInput
          {...field('Order Ref')}
          label="Add line items"
          helperText="New PO numbers, separated by commas. Existing line items stay as they are."
        />
      ) : null}
      <SelectInput {...field('Consignee Name')} options={CONSIGNEE_OPTIONS} />
      <TextInput {...field('Consignor Name')} />
      <SelectInput {...field('Origin')} options={ORIGIN_PORTS} />
      <SelectInput {...field('Dest.')} label="Destination" options={DESTINATION_PORTS} />
      <TextInput {...field('House')} />
      <TextInput {...field('Master')} error={errors.Master} />
    </FieldGrid>
  );
}
