import { createTheme } from '@mui/material';
import { PRIMARY_COLOUR } from '@quayside/domain/brand';

/**
 * The keyboard's focus ring, the same on every control: 2 px of the primary colour (7.8:1 on white,
 * 7.5:1 on the page's grey, above 6:1 on the amber and blue row tints), 2 px outside the control.
 * Controls that sit edge to edge or inside a box that clips (tabs, menu and list items, toggle
 * buttons) draw it 2 px inside instead. On a filled alert (the toasts) it takes the alert's text
 * colour, white on the alert's colour.
 */
const FOCUS_RING = { outline: `2px solid ${PRIMARY_COLOUR}`, outlineOffset: '2px' } as const;
const INSIDE = { outlineOffset: '-2px' } as const;

export const theme = createTheme({
  palette: { primary: { main: PRIMARY_COLOUR }, background: { default: '#f6f8fa' } },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Any element that takes the keyboard's focus: links, native buttons and inputs, the
        // dashboard's cells. An element focused by the app rather than by the user (a screen's
        // heading after navigation, a dialog) shows none.
        ':focus-visible:not([tabindex="-1"])': FOCUS_RING,
        // MUI's buttons, chips, tabs, checkboxes, menu items and the like (ButtonBase) remove the
        // browser's outline and mark keyboard focus with .Mui-focusVisible: the ring goes there.
        '.MuiButtonBase-root.Mui-focusVisible': FOCUS_RING,
        '.MuiTab-root.Mui-focusVisible, .MuiTabScrollButton-root.Mui-focusVisible, .MuiMenuItem-root.Mui-focusVisible, .MuiListItemButton-root.Mui-focusVisible, .MuiToggleButton-root.Mui-focusVisible':
          INSIDE,
        // The dashboard's grid moves the focus from cell to cell (each is the Tab stop in turn).
        '[role="grid"] [data-row]:focus-visible': { ...FOCUS_RING, ...INSIDE },
        // A field shows its focus with its 2 px border (outlined); one without a border (the
        // read-only fields, as text) gets the ring.
        '.MuiInputBase-root.Mui-focused:not(.MuiOutlinedInput-root)': FOCUS_RING,
        '.MuiAlert-filled .Mui-focusVisible': { outlineColor: 'currentColor' },
      },
    },
    // Labels read exactly as the spec writes them ('Logout', 'Add User', 'Line Items & Parts'), not upper-cased.
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    // Toggles sit beside buttons ('Chart' | 'Table' next to 'Download CSV'): the same case as them.
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});
