import { createTheme } from '@mui/material';
import { PRIMARY_COLOUR } from '@quayside/domain/brand';

export const theme = createTheme({
  palette: { primary: { main: PRIMARY_COLOUR }, background: { default: '#f6f8fa' } },
  shape: { borderRadius: 8 },
  // Labels read exactly as the spec writes them ('Logout', 'Add User', 'Line Items & Parts'), not upper-cased.
  components: {
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    // Toggles sit beside buttons ('Chart' | 'Table' next to 'Download CSV'): the same case as them.
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});
