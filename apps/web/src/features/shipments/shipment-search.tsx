import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, InputAdornment, TextField } from '@mui/material';
import { SHIPMENT_MATCH_MIN_LENGTH } from '@quayside/domain/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api.ts';
import { paths } from '../../lib/navigation.ts';
import { shipmentKeys } from '../../lib/query-keys.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

const DEBOUNCE_MS = 250;

export const shipmentSuggestionsQuery = (text: string) =>
  queryOptions({
    queryKey: shipmentKeys.match(text),
    queryFn: async ({ signal }) => {
      try {
        // With ?shipmentMatch= the answer is shipment numbers.
        const { shipments } = await call('getShipments', { query: { shipmentMatch: text }, signal });
        // Filtered again here by case-insensitive containment (SPEC.md §5).
        return shipments.filter(
          (shipment): shipment is string =>
            typeof shipment === 'string' && shipment.toLowerCase().includes(text.toLowerCase()),
        );
      } catch (error) {
        // SPEC.md §8: a suggestion fetch failure is logged and the list emptied.
        console.error('Shipment suggestions failed', error);
        return [];
      }
    },
    enabled: text.length >= SHIPMENT_MATCH_MIN_LENGTH,
    staleTime: 30_000,
  });

/** The sidebar's 'Search shipments' box: suggestions from 4 characters; a choice or Enter opens the shipment. */
export function ShipmentSearch({ onFocusChange }: { onFocusChange?: (isFocused: boolean) => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const highlighted = useRef<string | null>(null);
  const typed = text.trim();
  const searched = useDebounced(typed, DEBOUNCE_MS);
  const suggestions = useQuery(shipmentSuggestionsQuery(searched));
  const isLongEnough = typed.length >= SHIPMENT_MATCH_MIN_LENGTH;
  const isLoading = isLongEnough && (searched !== typed || suggestions.isFetching);
  // The collapsing rail unmounts the box without a blur: the navigation must not stay dimmed.
  useEffect(() => () => onFocusChange?.(false), [onFocusChange]);

  const open = (shipment: string) => {
    setText('');
    navigate(paths.shipment(shipment));
  };

  return (
    <Autocomplete
      options={isLoading ? [] : (suggestions.data ?? [])}
      filterOptions={(options) => options}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => reason !== 'reset' && setText(value)}
      onChange={(_event, shipment) => shipment && open(shipment)}
      onHighlightChange={(_event, option) => {
        highlighted.current = option;
      }}
      open={isLongEnough}
      loading={isLoading}
      loadingText="Loading..."
      noOptionsText="No matches found"
      blurOnSelect
      forcePopupIcon={false}
      size="small"
      onFocus={() => onFocusChange?.(true)}
      onBlur={() => onFocusChange?.(false)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || highlighted.current || typed === '') return;
        // Enter with typed text (and no suggestion picked) goes straight to that shipment.
        (event as unknown as { defaultMuiPrevented: boolean }).defaultMuiPrevented = true;
        // As a chosen suggestion does (blurOnSelect): the search is over, the navigation undimmed.
        (event.target as HTMLElement).blur();
        open(typed);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder="Search shipments"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search shipments' },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
