import CloseIcon from '@mui/icons-material/Close';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, CircularProgress, IconButton, Stack, Tooltip } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toast.tsx';
import { downloadLineItemsCsv, type ExportParams } from './export-csv.ts';

export const NO_DATA_TO_EXPORT = 'No data to export';
export const NO_FILTERED_DATA_TO_EXPORT = 'No filtered data to export';
const EXPORT_FAILED = 'Export failed. Please try again.';

type ExportButtonProps = {
  /** The query in force (search, filters, logic, sort, report): the export holds every row it matches. */
  params: ExportParams;
  /**
   * Rows matching the query (a lower bound while `isTotalExact` is false; never for 0), and rows the
   * user sees at all; unknown until the first page has loaded.
   */
  total: number | undefined;
  isTotalExact: boolean;
  totalAll: number | undefined;
};

/**
 * SPEC.md §2 'CSV export': downloads the server's CSV of the current query, showing how many of
 * the rows have arrived while a large one streams in, and lets the user stop it.
 */
export function ExportButton({ params, total, isTotalExact, totalAll }: ExportButtonProps) {
  const { notify } = useToast();
  const [rowsDone, setRowsDone] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (totalAll === 0) return notify({ type: 'info', message: NO_DATA_TO_EXPORT });
    if (total === 0) return notify({ type: 'info', message: NO_FILTERED_DATA_TO_EXPORT });
    const controller = new AbortController();
    running.current = controller;
    setRowsDone(0);
    try {
      await downloadLineItemsCsv(params, { signal: controller.signal, onRows: setRowsDone });
    } catch (error) {
      if (!controller.signal.aborted) {
        console.error('Export failed', error);
        notify({ type: 'error', message: EXPORT_FAILED });
      }
    } finally {
      if (running.current === controller) running.current = null;
      setRowsDone(null);
    }
  };

  if (rowsDone === null)
    return (
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        disabled={total === undefined}
        onClick={() => void start()}
      >
        Export
      </Button>
    );

  // Against a lower bound a percentage would be wrong: the spinner turns until the exact count is in.
  const percent = total && isTotalExact ? Math.min(100, Math.round((rowsDone / total) * 100)) : null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Button
        variant="outlined"
        disabled
        startIcon={
          <CircularProgress
            size={16}
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? 0}
            aria-label="Export progress"
          />
        }
      >
        {percent === null ? 'Exporting...' : `Exporting... ${percent}%`}
      </Button>
      <Tooltip title="Cancel export">
        <IconButton size="small" aria-label="Cancel export" onClick={() => running.current?.abort()}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
