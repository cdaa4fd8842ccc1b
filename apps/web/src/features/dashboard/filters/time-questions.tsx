import { Chip } from '@mui/material';
import type { Filter } from '@quayside/domain/line-item-query';
import { ChipGroup } from './chip-group.tsx';
import { describeFilter } from './filters.ts';

/**
 * The morning's questions about time, one click each. They are filters like any other (the panel
 * shows and edits them, the address and a saved view keep them), relative to the day they are
 * asked: a view saved with one means this week's dates next week.
 * - 'Arriving this week': Dest. ETA in the next 7 days (today included) and no ATA yet; the
 *   'ETA slipped' chip beside it then narrows them to the late ones.
 * - 'ETA moved since yesterday': Dest. ETA changed in the last 24 hours; each row says what it was.
 */
export const TIME_QUESTIONS: readonly { label: string; filters: Filter[] }[] = [
  {
    label: 'Arriving this week',
    filters: [
      { column: 'dest_eta', operator: 'inNextDays', value: '7' },
      { column: 'ata', operator: 'isEmpty', value: '' },
    ],
  },
  {
    label: 'ETA moved since yesterday',
    filters: [{ column: 'dest_eta', operator: 'changedInLastHours', value: '24' }],
  },
];

const isSame = (a: readonly Filter[], b: readonly Filter[]) => JSON.stringify(a) === JSON.stringify(b);

/** The questions as chips: one sets its filters (in place of those in force), and a second click clears them. */
export function TimeQuestions({
  filters,
  onChoose,
}: {
  filters: readonly Filter[];
  onChoose: (filters: Filter[]) => void;
}) {
  return (
    <ChipGroup name="Questions about time" heading="When">
      {TIME_QUESTIONS.map((question) => {
        const isChosen = isSame(filters, question.filters);
        return (
          <Chip
            key={question.label}
            label={question.label}
            title={question.filters.map(describeFilter).join(' AND ')}
            variant={isChosen ? 'filled' : 'outlined'}
            color="primary"
            aria-pressed={isChosen}
            onClick={() => onChoose(isChosen ? [] : question.filters)}
          />
        );
      })}
    </ChipGroup>
  );
}
