import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, Chip, InputAdornment, Stack, TextField } from '@mui/material';
import { PO_CHIP_LABELS, PO_CHIPS, type PoChip } from '@quayside/domain/purchase-orders';
import { useEffect, useRef, useState } from 'react';
import { useDebounced } from '../../lib/use-debounced.ts';

/** Typing asks the server once it pauses this long. */
const SEARCH_DELAY_MS = 300;

/**
 * The search box: what is typed goes to the address once typing pauses; a change of the address
 * itself (Back, a link, Clear) shows in the box.
 */
export function PoSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebounced(text, SEARCH_DELAY_MS);
  const written = useRef(value);
  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);
  return (
    <TextField
      type="search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder="PO number, supplier or SKU"
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search purchase orders' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The status chips: any of them, each pressed or not. */
export function PoChips({ chips, onChange }: { chips: readonly PoChip[]; onChange: (chips: PoChip[]) => void }) {
  return (
    <Stack
      role="group"
      aria-label="Status"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      {PO_CHIPS.map((chip) => {
        const isOn = chips.includes(chip);
        return (
          <Chip
            key={chip}
            label={PO_CHIP_LABELS[chip]}
            aria-pressed={isOn}
            color={isOn ? 'primary' : 'default'}
            variant={isOn ? 'filled' : 'outlined'}
            onClick={() => onChange(isOn ? chips.filter((other) => other !== chip) : [...chips, chip])}
          />
        );
      })}
    </Stack>
  );
}

/**
 * Only one supplier's POs: typed (the exact name, taken on Enter or on leaving the box) or picked
 * from the suppliers the list has shown.
 */
export function SupplierFilter({
  value,
  suppliers,
  onChange,
}: {
  value: string;
  suppliers: readonly string[];
  onChange: (supplier: string) => void;
}) {
  return (
    <Autocomplete
      freeSolo
      autoSelect
      size="small"
      options={suppliers}
      value={value || null}
      onChange={(_event, next) => onChange((next ?? '').trim())}
      sx={{ width: { xs: '100%', sm: 240 } }}
      renderInput={(params) => <TextField {...params} label="Supplier" />}
    />
  );
}
