import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { canWritePurchaseOrders } from '@quayside/domain/permissions';
import {
  IMPORT_KIND_CHOICE,
  IMPORT_KIND_LABELS,
  IMPORT_SCREEN_KINDS,
  type ImportScreenKind,
} from '@quayside/domain/record-import';
import { useSearchParams } from 'react-router';
import { useProfile } from '../../lib/profile.tsx';

// Which kind of file the Import screen reads: a forwarder's report (everyone who imports), or for
// an Admin the ERP's purchase orders or receipts. The choice is in the address (?kind=), so a link
// can open the screen on it.

const PARAM = 'kind';
const IN_ADDRESS: Record<ImportScreenKind, string | null> = {
  report: null,
  purchase_orders: 'purchase-orders',
  receipts: 'receipts',
};

export function useImportKind() {
  const { profile } = useProfile();
  const [params, setParams] = useSearchParams();
  const kinds: readonly ImportScreenKind[] = canWritePurchaseOrders(profile?.role) ? IMPORT_SCREEN_KINDS : ['report'];
  const asked = IMPORT_SCREEN_KINDS.find((kind) => IN_ADDRESS[kind] === params.get(PARAM)) ?? 'report';
  const kind = kinds.includes(asked) ? asked : 'report';
  const setKind = (next: ImportScreenKind) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const value = IN_ADDRESS[next];
        if (value === null) updated.delete(PARAM);
        else updated.set(PARAM, value);
        return updated;
      },
      { replace: true },
    );
  return { kind, kinds, setKind };
}

type Props = { kind: ImportScreenKind; kinds: readonly ImportScreenKind[]; onChange: (kind: ImportScreenKind) => void };

export function ImportKindChoice({ kind, kinds, onChange }: Props) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={kind}
      aria-label={IMPORT_KIND_CHOICE}
      onChange={(_, next: ImportScreenKind | null) => {
        if (next !== null) onChange(next);
      }}
      sx={{ flexWrap: 'wrap' }}
    >
      {kinds.map((option) => (
        <ToggleButton key={option} value={option}>
          {IMPORT_KIND_LABELS[option]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
