import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { IMPORT_NOTHING_SENT, type ImportReport } from '@quayside/domain/import';
import { RECORD_IMPORT_TEXTS } from '@quayside/domain/record-import';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { failureMessage } from '../../lib/api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { ColumnMapping } from './column-mapping.tsx';
import { FileField } from './file-field.tsx';
import { dryRunQuery, useRunImport } from './import-api.ts';
import { ImportCounts } from './import-counts.tsx';
import { ImportKindChoice, useImportKind } from './import-kind.tsx';
import {
  DRY_RUN_FAILED,
  IDENTIFIERS_NOT_CHECKED,
  IMPORT_FAILED,
  NOTHING_TO_CHANGE,
  SHEET_DEBOUNCE_MS,
  UNCHECKED_IDENTIFIERS_LABEL,
} from './import-messages.ts';
import { progressPercent, progressText, totalRowsOf, wouldChange } from './import-report.ts';
import { EMPTY_SELECTION, type ImportSelection } from './import-selection.ts';
import { PreviewTable } from './preview-table.tsx';
import { RecordImport } from './record-import.tsx';
import { RejectedRows } from './rejected-rows.tsx';

/** Said by a report whose container numbers and air waybills were taken as written. */
function UncheckedIdentifiersNote({ report }: { report: ImportReport }) {
  return report.uncheckedIdentifiers ? <Typography variant="body2">{IDENTIFIERS_NOT_CHECKED}</Typography> : null;
}

/** The outcome of the real import: its counts and the way to its line items. */
function ImportSucceeded({ report }: { report: ImportReport }) {
  return (
    <Alert severity="success">
      <AlertTitle>Import complete</AlertTitle>
      <ImportCounts report={report} />
      <UncheckedIdentifiersNote report={report} />
      {report.importId !== null ? (
        <Link component={RouterLink} to={`/?import=${report.importId}`} sx={{ display: 'inline-block', mt: 1 }}>
          Show the imported line items
        </Link>
      ) : null}
    </Alert>
  );
}

/**
 * The Import screen. A Forwarder (and an Admin, by default) imports a forwarder's report; an Admin
 * may choose instead the ERP's purchase order lines or a receipts file, read the same way.
 */
export function ImportPage() {
  const { kind, kinds, setKind } = useImportKind();
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1">
          Import
        </Typography>
        <Typography color="text.secondary">
          {kind === 'report'
            ? "Bring shipments, line items and parts in from a forwarder's report."
            : RECORD_IMPORT_TEXTS[kind].intro}
        </Typography>
      </Stack>
      {kinds.length > 1 ? <ImportKindChoice kind={kind} kinds={kinds} onChange={setKind} /> : null}
      {kind === 'report' ? <ReportImport /> : <RecordImport key={kind} kind={kind} />}
    </Stack>
  );
}

/**
 * Brings shipments, line items and parts in from a forwarder's report (Admin and Forwarder). A
 * chosen file is checked at once by a dry run, which shows how its columns are read, its first
 * rows and what importing it would do; Import then applies it, showing its progress.
 */
function ReportImport() {
  const [selection, setSelection] = useState<ImportSelection>(EMPTY_SELECTION);
  const sheet = useDebounced(selection.sheet, SHEET_DEBOUNCE_MS);
  const partsSheet = useDebounced(selection.partsSheet, SHEET_DEBOUNCE_MS);
  // What the dry run read, and so what Import sends.
  const checked: ImportSelection = { ...selection, sheet, partsSheet };
  const isTyping = sheet !== selection.sheet || partsSheet !== selection.partsSheet;

  const dryRun = useQuery(dryRunQuery(checked));
  const runImport = useRunImport();
  const [rowsDone, setRowsDone] = useState(0);
  const isRunning = runImport.isPending;
  const checkedReport = dryRun.data;
  const totalRows = checkedReport ? totalRowsOf(checkedReport) : 0;
  const canImport =
    checked.shipments !== null &&
    checkedReport !== undefined &&
    wouldChange(checkedReport) &&
    !isTyping &&
    !dryRun.isFetching &&
    // After a failure it may be tried again: an import is all or nothing.
    !isRunning &&
    !runImport.isSuccess;
  // Once imported, the page shows what the import did rather than what it was going to do.
  const report = runImport.data ?? checkedReport;

  const change = (next: Partial<ImportSelection>) => {
    setSelection((current) => ({ ...current, ...next }));
    runImport.reset();
    setRowsDone(0);
  };

  const start = () => {
    const { shipments } = checked;
    if (!canImport || !shipments) return;
    setRowsDone(0);
    runImport.mutate({ selection: { ...checked, shipments }, onProgress: setRowsDone });
  };

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <FileField
            label="Shipments file (CSV or Excel .xlsx)"
            sheetLabel="Sheet name"
            chosen={selection.shipments}
            sheet={selection.sheet}
            disabled={isRunning}
            onChoose={(shipments) => change({ shipments })}
            onSheetChange={(value) => change({ sheet: value })}
          />
          <FileField
            label="Parts list (optional, CSV or Excel .xlsx)"
            hint="Columns: PO, Shipment, Part Number, Quantity."
            sheetLabel="Parts sheet name"
            chosen={selection.parts}
            sheet={selection.partsSheet}
            disabled={isRunning}
            onChoose={(parts) => change({ parts })}
            onSheetChange={(value) => change({ partsSheet: value })}
          />
        </Stack>
        {/* Part of what the dry run reads, so that its report is what Import will do. */}
        <FormControlLabel
          sx={{ mt: 2 }}
          label={UNCHECKED_IDENTIFIERS_LABEL}
          disabled={isRunning}
          control={
            <Checkbox
              checked={selection.uncheckedIdentifiers}
              onChange={(event) => change({ uncheckedIdentifiers: event.target.checked })}
            />
          }
        />
        {/* Always there, so screen readers hear when a file starts being read. */}
        <Box role="status">
          {dryRun.isFetching ? (
            <Stack spacing={1} sx={{ mt: 3 }}>
              <Typography color="text.secondary">Reading the file...</Typography>
              <LinearProgress aria-label="Reading the file" />
            </Stack>
          ) : null}
        </Box>
      </Paper>

      {!selection.shipments ? <Typography color="text.secondary">{IMPORT_NOTHING_SENT}</Typography> : null}
      {dryRun.isError ? <Alert severity="error">{failureMessage(dryRun.error, DRY_RUN_FAILED)}</Alert> : null}

      {runImport.isSuccess ? <ImportSucceeded report={runImport.data} /> : null}
      {runImport.isError ? <Alert severity="error">{failureMessage(runImport.error, IMPORT_FAILED)}</Alert> : null}

      {checkedReport && !runImport.isSuccess ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              What the import will do
            </Typography>
            <ImportCounts report={checkedReport} />
            <UncheckedIdentifiersNote report={checkedReport} />
            {!wouldChange(checkedReport) ? <Typography color="text.secondary">{NOTHING_TO_CHANGE}</Typography> : null}
            {isRunning ? (
              <Stack spacing={1}>
                <LinearProgress
                  variant={rowsDone >= totalRows ? 'indeterminate' : 'determinate'}
                  value={progressPercent(rowsDone, totalRows)}
                  aria-label="Import progress"
                />
                <Typography variant="body2" color="text.secondary">
                  {progressText(rowsDone, totalRows)}
                </Typography>
              </Stack>
            ) : null}
            <Box>
              <Button variant="contained" onClick={start} disabled={!canImport}>
                {isRunning ? 'Importing...' : 'Import'}
              </Button>
            </Box>
          </Stack>
        </Paper>
      ) : null}

      {report ? (
        <Stack spacing={3}>
          <RejectedRows report={report} />
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Columns
            </Typography>
            <ColumnMapping title="Shipments file" columns={report.shipments.columns} />
            {report.parts ? <ColumnMapping title="Parts list" columns={report.parts.columns} /> : null}
          </Stack>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Preview
            </Typography>
            <PreviewTable title="Shipments file" fileReport={report.shipments} />
            {report.parts ? <PreviewTable title="Parts list" fileReport={report.parts} /> : null}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
