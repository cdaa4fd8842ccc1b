import { Box, Paper, Tab, Tabs } from '@mui/material';
import { type ReactNode, useId } from 'react';

type TabbedPanelProps<Key extends string> = {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly { key: Key; label: string }[];
  value: Key;
  onChange: (key: Key) => void;
  /** The selected tab's content. */
  children: ReactNode;
};

/** A detail screen's tabs with their one panel, wired for assistive technology (tab ↔ panel ids). */
export function TabbedPanel<Key extends string>({ label, tabs, value, onChange, children }: TabbedPanelProps<Key>) {
  const idPrefix = useId();
  return (
    <Paper variant="outlined">
      <Tabs
        value={value}
        onChange={(_event, key: Key) => onChange(key)}
        aria-label={label}
        variant="scrollable"
        // Tabs wider than the screen (a phone) show arrows at the ends that say more are there.
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((entry) => (
          <Tab
            key={entry.key}
            value={entry.key}
            label={entry.label}
            id={`${idPrefix}-tab-${entry.key}`}
            aria-controls={`${idPrefix}-panel-${entry.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${idPrefix}-panel-${value}`} aria-labelledby={`${idPrefix}-tab-${value}`} sx={{ p: 2 }}>
        {children}
      </Box>
    </Paper>
  );
}
