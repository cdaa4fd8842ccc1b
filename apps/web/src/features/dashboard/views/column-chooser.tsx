import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { type ColumnKey, type Density, LINE_ITEM_COLUMNS, type Report } from '@quayside/domain/line-item-columns';
import { useState } from 'react';
import { useProfile } from '../../../lib/profile.tsx';
import {
  chooserColumns,
  defaultLayout,
  type GridLayout,
  moveColumn,
  PINNED_COLUMN,
  toggleColumn,
} from '../grid/grid-layout.ts';
import { ToolbarPopover } from './toolbar-popover.tsx';

type ColumnChooserProps = {
  report: Report;
  layout: GridLayout;
  onChange: (layout: GridLayout) => void;
};

/** 'Columns': show, hide and reorder the report's columns (drag, or the arrows by keyboard), and the density. */
export function ColumnChooser({ report, layout, onChange }: ColumnChooserProps) {
  const role = useProfile().profile?.role;
  const shown = layout.columns[report];
  const setShown = (columns: readonly ColumnKey[]) =>
    onChange({ ...layout, columns: { ...layout.columns, [report]: columns } });

  return (
    <ToolbarPopover label="Columns" icon={<ViewColumnIcon />} width={360}>
      {() => (
        <>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={layout.density}
            onChange={(_event, density: Density | null) => density && onChange({ ...layout, density })}
            aria-label="Row density"
          >
            <ToggleButton value="compact">Compact</ToggleButton>
            <ToggleButton value="comfortable">Comfortable</ToggleButton>
          </ToggleButtonGroup>
          <ColumnList shown={shown} report={report} onChange={setShown} />
          {/* Never disabled: a button disabled under the focus would drop it out of the dialog. */}
          <Button
            color="inherit"
            onClick={() => setShown(defaultLayout(role).columns[report])}
            sx={{ alignSelf: 'flex-start' }}
          >
            Reset columns
          </Button>
        </>
      )}
    </ToolbarPopover>
  );
}

function ColumnList({
  shown,
  report,
  onChange,
}: {
  shown: readonly ColumnKey[];
  report: Report;
  onChange: (columns: ColumnKey[]) => void;
}) {
  const [dragged, setDragged] = useState<ColumnKey | null>(null);
  const entries = chooserColumns(report, shown);
  return (
    <List dense disablePadding aria-label="Columns to show" sx={{ maxHeight: '65vh', overflowY: 'auto' }}>
      {entries.map(({ key, isShown }) => {
        const label = LINE_ITEM_COLUMNS[key].label;
        const at = shown.indexOf(key);
        const isMovable = isShown && key !== PINNED_COLUMN;
        return (
          <ListItem
            key={key}
            disablePadding
            draggable={isMovable}
            onDragStart={(event) => {
              setDragged(key);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (dragged && isShown) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged) onChange(moveColumn(shown, dragged, at));
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            data-column={key}
            sx={{ opacity: dragged === key ? 0.5 : 1 }}
            secondaryAction={
              isMovable ? (
                <Box>
                  <IconButton
                    size="small"
                    aria-label={`Move ${label} left`}
                    disabled={at <= 1}
                    onClick={() => onChange(moveColumn(shown, key, at - 1))}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Move ${label} right`}
                    disabled={at >= shown.length - 1}
                    onClick={() => onChange(moveColumn(shown, key, at + 1))}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </Box>
              ) : null
            }
          >
            <DragIndicatorIcon
              fontSize="small"
              aria-hidden
              sx={{
                mx: 0.5,
                color: 'action.active',
                cursor: isMovable ? 'grab' : 'default',
                opacity: isMovable ? 1 : 0,
              }}
            />
            <FormControlLabel
              label={key === PINNED_COLUMN ? `${label} (always shown)` : label}
              control={
                <Checkbox
                  size="small"
                  checked={isShown}
                  disabled={key === PINNED_COLUMN}
                  onChange={() => onChange(toggleColumn(shown, key))}
                />
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
