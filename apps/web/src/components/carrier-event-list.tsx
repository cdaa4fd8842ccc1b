import { Chip, List, ListItem, ListItemText, Stack } from '@mui/material';
import { formatAsSent } from '../lib/date-time.ts';

/** What the timeline shows of an event; the public page has no sender, container or applied date. */
export type TimelineEvent = {
  title: string;
  at: string;
  location: string;
  vessel: string;
  equipment?: string;
  sender?: string;
  /** The date it set ('ATA'), or null. */
  applied?: string | null;
};

/** 'Vessel MAERSK ESSEX', or nothing when the event names none. */
const labelled = (label: string, value: string | undefined) => (value ? `${label} ${value}` : '');

/**
 * Carrier events, in the order given (newest first): what happened, when in the place's own time
 * (as the carrier wrote it: a Shanghai departure at 08:30 local reads 08:30), where, on which
 * vessel; with the container, the sender and the date it set where the reader may see them.
 */
export function CarrierEventList({ events, label }: { events: readonly TimelineEvent[]; label: string }) {
  return (
    <List dense disablePadding aria-label={label}>
      {events.map((event, index) => (
        <ListItem
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on each answer, never reordered in place
          key={index}
          disableGutters
          sx={{ borderLeft: 3, borderColor: event.applied ? 'primary.main' : 'divider', pl: 1.5 }}
        >
          <ListItemText
            primary={
              <Stack
                component="span"
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <span>{event.title}</span>
                {event.applied ? (
                  <Chip
                    component="span"
                    label={`Set ${event.applied}`}
                    size="small"
                    color="primary"
                    variant="outlined"
                  />
                ) : null}
              </Stack>
            }
            secondary={[
              formatAsSent(event.at),
              event.location,
              labelled('Vessel', event.vessel),
              labelled('Container', event.equipment),
              labelled('From', event.sender),
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
