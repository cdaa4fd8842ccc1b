import { Chip, Stack } from '@mui/material';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from '@quayside/domain/bookings';

const CHOICES = [null, ...BOOKING_STATUSES] as const;

/** One status at a time, or All. */
export function BookingStatusFilter({
  value,
  onChange,
}: {
  value: BookingStatus | null;
  onChange: (status: BookingStatus | null) => void;
}) {
  return (
    <Stack role="group" aria-label="Status" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {CHOICES.map((choice) => {
        const isOn = choice === value;
        return (
          <Chip
            key={choice ?? 'all'}
            label={choice ? BOOKING_STATUS_LABELS[choice] : 'All'}
            aria-pressed={isOn}
            color={isOn ? 'primary' : 'default'}
            variant={isOn ? 'filled' : 'outlined'}
            onClick={() => onChange(choice)}
          />
        );
      })}
    </Stack>
  );
}
