import {
  MODE_OPTIONS,
  TRANS_OPTIONS,
  UQ_CHARGE_OPTIONS,
  UQ_OUTER_OPTIONS,
  VOLUQ_OPTIONS,
  WTUQ_OPTIONS,
} from '@quayside/domain/constants';
import { DateInput, FieldGrid, SelectInput, TextInput } from './form-inputs.tsx';
import { AMOUNT_LABELS, DATE_LABELS, type ShipmentFormErrors, type ShipmentFormValues } from './shipment-form.ts';

type TabProps = {
  values: ShipmentFormValues;
  setField: (label: keyof ShipmentFormValues, value: string) => void;
  errors: ShipmentFormErrors;
  isEditing: boolean;
};

const fieldOf =
  ({ values, setField, isEditing }: TabProps) =>
  (label: keyof ShipmentFormValues) => ({
    label,
    value: values[label],
    onChange: (value: string) => setField(label, value),
    isReadOnly: !isEditing,
  });

/** SPEC.md §2 Dates tab: date inputs, saved as ISO timestamps. */
export function ShipmentDatesTab(props: TabProps) {
  const field = fieldOf(props);
  return (
    <FieldGrid>
      {DATE_LABELS.map((label) => (
        <DateInput key={label} {...field(label)} error={props.errors[label]} />
      ))}
    </FieldGrid>
  );
}

/** SPEC.md §2 Container tab: amounts, the four units of measure, container, vessel, Trans, Mode and Cntr. */
export function ShipmentContainerTab(props: TabProps) {
  const field = fieldOf(props);
  return (
    <FieldGrid>
      {AMOUNT_LABELS.map((label) => (
        <TextInput key={label} {...field(label)} inputMode="decimal" error={props.errors[label]} />
      ))}
      <SelectInput {...field('UQ-Charge')} options={UQ_CHARGE_OPTIONS} />
      <SelectInput {...field('UQ - Outer')} label="UQ-Outer" options={UQ_OUTER_OPTIONS} />
      <SelectInput {...field('VOLUQ')} options={VOLUQ_OPTIONS} />
      <SelectInput {...field('WTUQ')} options={WTUQ_OPTIONS} />
      <TextInput {...field('Container #')} error={props.errors['Container #']} />
      <TextInput {...field('Vessel')} label="Vessel Tracking" />
      <SelectInput {...field('Trans')} options={TRANS_OPTIONS} />
      <SelectInput {...field('Mode')} options={MODE_OPTIONS} />
      <TextInput {...field('Cntr')} />
    </FieldGrid>
  );
}
