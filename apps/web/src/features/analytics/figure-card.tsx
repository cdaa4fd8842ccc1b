import DownloadIcon from '@mui/icons-material/Download';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Link,
  Paper,
  Popover,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { failureMessage } from '../../lib/api.ts';
import { saveFile } from '../../lib/save-file.ts';
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden.ts';
import { type Cell, cellText, type FigureTable, type Trend, tableCsv } from './figure-tables.ts';

export const NO_SHIPMENTS = 'No shipments match these filters.';
export const FIGURES_FAILED = 'The figures could not be loaded. Try again in a moment.';

/** 'up 4.5 on the period before', coloured by whether that is better. */
function TrendNote({ trend }: { trend: Trend }) {
  if (trend.change === 0)
    return (
      <Typography variant="caption" color="text.secondary" component="span">
        {' '}
        (no change)
      </Typography>
    );
  const isUp = trend.change > 0;
  const isBetter = trend.better === 'neither' ? null : isUp === (trend.better === 'up');
  const color = isBetter === null ? 'text.secondary' : isBetter ? 'success.dark' : 'error.dark';
  return (
    // Positioned, so its hidden words stay inside the table's scrolling box.
    <Typography variant="caption" component="span" sx={{ color, whiteSpace: 'nowrap', position: 'relative' }}>
      {' '}
      <span aria-hidden>{isUp ? '▲' : '▼'}</span>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {isUp ? ' up ' : ' down '}
      </Box>
      {Math.abs(trend.change)}
    </Typography>
  );
}

function CellContent({ cell }: { cell: Cell }) {
  if (cell === null) return <>—</>;
  if (typeof cell !== 'object') return <>{cell}</>;
  return (
    <>
      {cell.href ? (
        <Link component={RouterLink} to={cell.href}>
          {cell.text}
        </Link>
      ) : (
        cell.text
      )}
      {cell.trend ? <TrendNote trend={cell.trend} /> : null}
    </>
  );
}

/** The height of a grouped table's first header row, so the second sticks just below it. */
const GROUP_ROW_HEIGHT = 32;

/** A figure's numbers as a table: the same rows as its CSV. */
export function FigureTableView({ table, caption }: { table: FigureTable; caption: string }) {
  return (
    // Focusable, so a keyboard can scroll a table wider or longer than its card.
    <TableContainer sx={{ maxHeight: 420 }} tabIndex={0}>
      <Table size="small" stickyHeader aria-label={caption}>
        <TableHead>
          {table.shown ? (
            <TableRow>
              {table.shown.groups.map((group, index) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: the groups are in column order.
                  key={index}
                  colSpan={group.span}
                  align="center"
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', height: GROUP_ROW_HEIGHT, py: 0 }}
                >
                  {group.label}
                </TableCell>
              ))}
            </TableRow>
          ) : null}
          <TableRow>
            {table.columns.map((column, index) => {
              const shown = table.shown?.headers[index];
              return (
                <TableCell
                  key={column}
                  align={index === 0 ? 'left' : 'right'}
                  sx={{
                    fontWeight: 600,
                    ...(table.shown ? { whiteSpace: 'nowrap', top: GROUP_ROW_HEIGHT } : {}),
                  }}
                >
                  {shown === undefined || shown === column ? (
                    column
                  ) : (
                    <>
                      <Box component="span" sx={VISUALLY_HIDDEN}>
                        {column}
                      </Box>
                      <span aria-hidden="true">{shown}</span>
                    </>
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.map(cellText).join('\u0000')}>
              {row.map((cell, index) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                  key={index}
                  align={index === 0 ? 'left' : 'right'}
                  component={index === 0 ? 'th' : 'td'}
                  scope={index === 0 ? 'row' : undefined}
                >
                  <CellContent cell={cell} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A figure's request as TanStack Query reports it. */
type FigureResult<Data> = { data: Data | undefined; isPending: boolean; error: unknown };

type FigureCardProps<Data> = {
  title: string;
  definition: string;
  result: FigureResult<Data>;
  /** The numbers as the table view shows them. */
  table: (data: Data) => FigureTable;
  /** The CSV, when it holds more than the table (the scorecard's previous period); else the table. */
  csvTable?: (data: Data) => FigureTable;
  fileName: string;
  /** What an empty answer says; by default that no shipment matches. */
  emptyText?: string;
  /** The chart; without one the card shows its table only. */
  chart?: (data: Data) => ReactNode;
  /** Said under the chart or table (a note, links). */
  more?: (data: Data) => ReactNode;
  /** Spans the page's grid, for a table too wide for half of it (the lanes: two ports and six figures). */
  isWide?: boolean;
};

/** One figure: its title and definition, chart or table, a CSV of its numbers, and its empty, loading and failed states. */
export function FigureCard<Data>({
  title,
  definition,
  result,
  table: tableOf,
  csvTable: csvTableOf = tableOf,
  fileName,
  emptyText = NO_SHIPMENTS,
  chart,
  more,
  isWide = false,
}: FigureCardProps<Data>) {
  const headingId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [definitionAnchor, setDefinitionAnchor] = useState<HTMLElement | null>(null);
  const { data } = result;
  const table = data === undefined ? undefined : tableOf(data);
  const isEmpty = table !== undefined && table.rows.length === 0;
  const shown = chart === undefined ? 'table' : view;

  let body: ReactNode;
  if (result.isPending) {
    body = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 4 }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>Loading {title.toLowerCase()}…</Typography>
      </Stack>
    );
  } else if (result.error || data === undefined || table === undefined) {
    body = <Alert severity="error">{failureMessage(result.error, FIGURES_FAILED)}</Alert>;
  } else if (isEmpty) {
    body = <Typography sx={{ py: 4, color: 'text.secondary' }}>{emptyText}</Typography>;
  } else {
    body = (
      <>
        {shown === 'chart' && chart ? chart(data) : <FigureTableView table={table} caption={title} />}
        {more?.(data)}
      </>
    );
  }

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 2, minWidth: 0, ...(isWide ? { gridColumn: '1 / -1' } : {}) }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <IconButton
          size="small"
          aria-label={`What ${title} means`}
          onClick={(event) => setDefinitionAnchor(event.currentTarget)}
        >
          <InfoOutlinedIcon fontSize="small" />
        </IconButton>
        <Box sx={{ flex: 1 }} />
        {chart === undefined ? null : (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)}
            aria-label={`${title}: show as`}
          >
            <ToggleButton value="chart">Chart</ToggleButton>
            <ToggleButton value="table">Table</ToggleButton>
          </ToggleButtonGroup>
        )}
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          disabled={data === undefined || isEmpty}
          aria-label={`Download ${title} as CSV`}
          onClick={() =>
            data !== undefined &&
            saveFile(new Blob([tableCsv(csvTableOf(data))], { type: 'text/csv;charset=utf-8' }), fileName)
          }
        >
          CSV
        </Button>
      </Stack>
      <Popover
        open={definitionAnchor !== null}
        anchorEl={definitionAnchor}
        onClose={() => setDefinitionAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Typography sx={{ p: 2, maxWidth: 360 }}>{definition}</Typography>
      </Popover>
      {body}
    </Paper>
  );
}
