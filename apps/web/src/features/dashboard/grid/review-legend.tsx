import { Box, Stack, Typography } from '@mui/material';
import { amber } from '@mui/material/colors';
import { PO_REVIEW_THRESHOLD } from '@quayside/domain/constants';
import type { LineItemRow } from '@quayside/domain/line-item-row';

// SPEC.md §9 colours a row amber when its PO number needs review (po_review_required is the PO
// number's length): the colour alone says nothing, so the rows and this legend say it in words.

/** Why a row is amber, as the legend under the table says it beside the pager. */
const PO_REVIEW_REASON = `PO # longer than ${PO_REVIEW_THRESHOLD} characters`;
/** What an amber row means, as its tooltip (and the legend's) says it. */
export const PO_REVIEW_MEANING = `${PO_REVIEW_REASON}: check that it is a real PO number.`;

export const needsReview = (row: Pick<LineItemRow, 'po_review_required'>) =>
  row.po_review_required > PO_REVIEW_THRESHOLD;

/** 'Amber rows: …', shown while the page has one. */
export function ReviewLegend({ rows }: { rows: readonly LineItemRow[] }) {
  if (!rows.some(needsReview)) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} title={PO_REVIEW_MEANING}>
      <Box
        aria-hidden="true"
        sx={{
          width: 14,
          height: 14,
          flexShrink: 0,
          bgcolor: amber[50],
          border: 1,
          borderColor: amber[700],
          borderRadius: 0.5,
        }}
      />
      <Typography variant="body2" color="text.secondary">
        Amber rows: {PO_REVIEW_REASON}
      </Typography>
    </Stack>
  );
}
