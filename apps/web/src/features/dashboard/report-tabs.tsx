import { Box, Tab, Tabs } from '@mui/material';
import { REPORT_LABELS } from '@quayside/domain/first-rows';
import { REPORTS, type Report } from '@quayside/domain/line-item-columns';
import type { ReactNode } from 'react';
import { fillWindow } from './fill-window.ts';

/**
 * The tabs and their columns (REPORT_COLUMNS in packages/domain). The Default Report, which the spec
 * leaves open, shows every column: PO #, Shipment, Forwarder Name, Consignee, Origin Port Code,
 * Destination Port Code, Transit Type, Parts, Part Numbers, Total Qty, ATD, Dest. ETA, ATA,
 * Est Delivery, House, Master — DR's twelve plus the consignee, the ports and the parts count (the
 * cell that opens the parts popover). The DR Report shows exactly SPEC.md's list.
 */
const REPORT_TABS = REPORTS.map((report) => ({ report, label: REPORT_LABELS[report] }));
const REPORT_PANEL_ID = 'line-items-report-panel';
const reportTabId = (report: Report) => `line-items-report-tab-${report}`;

export function ReportTabs({ report, onChange }: { report: Report; onChange: (report: Report) => void }) {
  return (
    <Tabs
      value={report}
      onChange={(_event, next: Report) => onChange(next)}
      aria-label="Reports"
      // As tall as the toolbar beside them (MUI's 48 px is a page's tab bar).
      sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 1 } }}
    >
      {REPORT_TABS.map((tab) => (
        <Tab
          key={tab.report}
          value={tab.report}
          label={tab.label}
          id={reportTabId(tab.report)}
          aria-controls={REPORT_PANEL_ID}
          sx={{ textTransform: 'none', fontWeight: 600 }}
        />
      ))}
    </Tabs>
  );
}

/** What the chosen tab shows, labelled by it. */
export function ReportPanel({ report, children }: { report: Report; children: ReactNode }) {
  return (
    <Box
      id={REPORT_PANEL_ID}
      role="tabpanel"
      aria-labelledby={reportTabId(report)}
      sx={{ display: 'flex', flexDirection: 'column', ...fillWindow() }}
    >
      {children}
    </Box>
  );
}
