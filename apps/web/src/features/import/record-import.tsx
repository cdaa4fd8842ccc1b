import { Alert, AlertTitle, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { RECORD_IMPORT_TEXTS, type RecordImportKind } from '@quayside/domain/record-import';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { ColumnMapping } from './column-mapping.tsx';
import { FileField } from './file-field.tsx';
import { CountList } from './import-counts.tsx';
import { DRY_RUN_FAILED, IMPORT_FAILED, NOTHING_TO_CHANGE, SHEET_DEBOUNCE_MS } from './import-messages.ts';
import { progressPercent, progressText, recordCountLines, recordWouldChange } from './import-report.ts';
import { PreviewTable } from './preview-table.tsx';
import { type RecordSelection, recordDryRunQuery, useRunRecordImport } from './record-import-api.ts';
import { RejectedRows } from './rejected-rows.tsx';

/**
 * Brings the ERP's purchase order lines, or receipts, in from one file (Admin). As with a
 * forwarder's report, the chosen file is checked at once by a dry run showing how its columns are
 * read, its first rows, what importing it would do and the rows it rejects; Import applies it.
 */
export function RecordImport({ kind }: { kind: RecordImportKind }) {
  const texts = RECORD_IMPORT_TEXTS[kind];
  const [selection, setSelection] = useState<RecordSelection>({ kind, file: null, sheet: '' });
  const sheet = useDebounced(selection.sheet, SHEET_DEBOUNCE_MS);
  const checked: RecordSelection = { ...selection, sheet };
  const isTyping = sheet !== selection.sheet;

  const dryRun = useQuery(recordDryRunQuery(checked));
  const runImport = useRunRecordImport();
  const [rowsDone, setRowsDone] = useState(0);
  const isRunning = runImport.isPending;
  const checkedReport = dryRun.data;
  const totalRows = checkedReport?.file.rows ?? 0;
  const canImport =
    checked.file !== null &&
    checkedReport !== undefined &&
    recordWouldChange(checkedReport) &&
    !isTyping &&
    !dryRun.isFetching &&
    !isRunning &&
    !runImport.isSuccess;
  const report = runImport.data ?? checkedReport;

  const change = (next: Partial<RecordSelection>) => {
    setSelection((current) => ({ ...current, ...next }));
    runImport.reset();
    setRowsDone(0);
  };
  const start = () => {
    const { file } = checked;
    if (!canImport || !file) return;
    setRowsDone(0);
    runImport.mutate({ selection: { ...checked, file }, onProgress: setRowsDone });
  };

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <FileField
          label={texts.fileLabel}
          hint={texts.hint}
          sheetLabel="Sheet name"
          chosen={selection.file}
          sheet={selection.sheet}
          disabled={isRunning}
          onChoose={(file) => change({ file })}
          onSheetChange={(value) => change({ sheet: value })}
        />
        <Box role="status">
          {dryRun.isFetching ? (
            <Stack spacing={1} sx={{ mt: 3 }}>
              <Typography color="text.secondary">Reading the file...</Typography>
              <LinearProgress aria-label="Reading the file" />
            </Stack>
          ) : null}
        </Box>
      </Paper>

      {!selection.file ? <Typography color="text.secondary">{texts.nothingSent}</Typography> : null}
      {dryRun.isError ? <Alert severity="error">{failureMessage(dryRun.error, DRY_RUN_FAILED)}</Alert> : null}

      {runImport.isSuccess ? (
        <Alert severity="success">
          <AlertTitle>Import complete</AlertTitle>
          <CountList lines={recordCountLines(runImport.data)} />
        </Alert>
      ) : null}
      {runImport.isError ? <Alert severity="error">{failureMessage(runImport.error, IMPORT_FAILED)}</Alert> : null}

      {checkedReport && !runImport.isSuccess ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              What the import will do
            </Typography>
            <CountList lines={recordCountLines(checkedReport)} />
            {!recordWouldChange(checkedReport) ? (
              <Typography color="text.secondary">{NOTHING_TO_CHANGE}</Typography>
            ) : null}
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
          <RejectedRows report={report} keyColumn={texts.keyColumn} />
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Columns
            </Typography>
            <ColumnMapping title={texts.fileLabel} columns={report.file.columns} />
          </Stack>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Preview
            </Typography>
            <PreviewTable title={texts.fileLabel} fileReport={report.file} />
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
