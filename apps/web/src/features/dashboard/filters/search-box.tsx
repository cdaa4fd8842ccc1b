import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { DASHBOARD_WORDS } from '@quayside/domain/first-rows';
import { useEffect, useRef, useState } from 'react';

/** Typing pauses this long before the server is asked, so a word costs one request, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The server refuses longer search text. */
const MAX_SEARCH_LENGTH = 200;

/**
 * SPEC.md §2: 'Search across all columns...' with a clear button. `value` is the search in force;
 * what is typed reaches `onSearch` after a pause, or at once on Enter or Clear.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // The search also changes from outside (Clear Search, a chip, reset): show that, but never
  // overwrite what is being typed with the value it just committed.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setDraft(value);
  }, [value]);

  const commit = (text: string) => {
    committed.current = text;
    onSearchRef.current(text);
  };

  useEffect(() => {
    if (draft === committed.current) return;
    const timer = window.setTimeout(() => {
      if (draft === committed.current) return; // Enter got there first
      committed.current = draft;
      onSearchRef.current(draft);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);

  return (
    <TextField
      type="search"
      size="small"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
      placeholder={DASHBOARD_WORDS.searchPlaceholder}
      sx={{ flex: 1, minWidth: 240, maxWidth: 480, '& input::-webkit-search-cancel-button': { display: 'none' } }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search across all columns', maxLength: MAX_SEARCH_LENGTH },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: draft ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label="Clear search"
                edge="end"
                onClick={() => {
                  setDraft('');
                  commit('');
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
    />
  );
}
