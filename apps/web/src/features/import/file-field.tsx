import { Stack, TextField } from '@mui/material';
import { FileDropZone } from './file-drop-zone.tsx';
import { type ChosenImportFile, chooseFile, isWorkbook } from './import-selection.ts';

type FileFieldProps = {
  label: string;
  hint?: string;
  sheetLabel: string;
  chosen: ChosenImportFile | null;
  sheet: string;
  disabled: boolean;
  onChoose: (chosen: ChosenImportFile | null) => void;
  onSheetChange: (sheet: string) => void;
};

/** A drop zone, and the sheet to read when the file is a workbook. */
export function FileField({
  label,
  hint,
  sheetLabel,
  chosen,
  sheet,
  disabled,
  onChoose,
  onSheetChange,
}: FileFieldProps) {
  return (
    <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
      <FileDropZone
        label={label}
        hint={hint}
        file={chosen?.file ?? null}
        disabled={disabled}
        onChoose={(file) => onChoose(chooseFile(file))}
        onRemove={() => onChoose(null)}
      />
      {chosen && isWorkbook(chosen.file.name) ? (
        <TextField
          size="small"
          label={sheetLabel}
          value={sheet}
          onChange={(event) => onSheetChange(event.target.value)}
          disabled={disabled}
          helperText="Leave empty to read the first sheet."
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      ) : null}
    </Stack>
  );
}
