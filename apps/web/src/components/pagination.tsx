import { Button, Stack, TextField, Typography } from '@mui/material';
import { PAGE_SIZES, type PageSize } from '@quayside/domain/constants';
import { pageStatus, pageWindow } from '../lib/paging.ts';

type PaginationProps = {
  page: number;
  /** Every page, or while the count is only a lower bound, the pages known to exist. */
  pageCount: number;
  isPageCountExact: boolean;
  pageSize: PageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
};

/**
 * SPEC.md §2 footer: the page-size select, then First, Previous, up to 5 numbered pages, Next,
 * Last and 'Page X of Y' once there is more than one page. The size select stays when everything
 * fits on one page, so a large size can be taken back. Until an exact count has arrived, Last is
 * disabled: where the last page is is not known yet.
 */
export function Pagination({
  page,
  pageCount,
  isPageCountExact,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: PaginationProps) {
  const isFirst = page <= 1;
  const isLast = page >= pageCount;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label="Rows per page"
        value={pageSize}
        onChange={(event) => onPageSizeChange(Number(event.target.value) as PageSize)}
        slotProps={{ select: { native: true } }}
        sx={{ width: 130 }}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </TextField>
      {pageCount > 1 ? (
        <Stack
          component="nav"
          aria-label="Pages"
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Button size="small" disabled={isFirst} onClick={() => onPageChange(1)}>
            First
          </Button>
          <Button size="small" disabled={isFirst} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          {pageWindow(page, pageCount).map((number) => (
            <Button
              key={number}
              size="small"
              variant={number === page ? 'contained' : 'text'}
              aria-label={`Page ${number}`}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onPageChange(number)}
              sx={{ minWidth: 36 }}
            >
              {number}
            </Button>
          ))}
          <Button size="small" disabled={isLast} onClick={() => onPageChange(page + 1)}>
            Next
          </Button>
          <Button size="small" disabled={isLast || !isPageCountExact} onClick={() => onPageChange(pageCount)}>
            Last
          </Button>
          <Typography variant="body2" sx={{ pl: 1, whiteSpace: 'nowrap' }}>
            {pageStatus(page, pageCount, isPageCountExact)}
          </Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}
