import { PRIMARY_COLOUR } from '@quayside/domain/brand';
import {
  isColouredTransit,
  PO_REVIEW_THRESHOLD,
  TRANSIT_COLOURS,
  TRANSIT_TYPE_OTHER,
} from '@quayside/domain/constants';
import { DASHBOARD_WORDS, FIRST_PAINT_ID, FIRST_PAINT_ROWS, REPORT_LABELS } from '@quayside/domain/first-rows';
import {
  type ColumnKey,
  DEFAULT_SORT,
  LINE_ITEM_COLUMNS,
  REPORTS,
  type Report,
} from '@quayside/domain/line-item-columns';
import type { SortRule } from '@quayside/domain/line-item-query';
import { decodeRows, type LineItemRow } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import { escapeHtml } from '../lib/html.ts';

// The dashboard as the browser first draws it: its frame and the first page's rows, in plain HTML
// and CSS, painted before the app's script has even arrived. It is a picture, not the screen: a
// layer over the page (aria-hidden, passing clicks through) that the app removes once its own
// table shows rows. Its words are drawn from attributes (`content: attr(data-text)`) so that no
// text of it is in the page's text: nothing finds a PO number twice, and nothing reads it aloud.
// The sizes are the app's own (the dashboard at 1440 px: a one-line header, the report's tabs beside
// the search, compact rows of 29 px, cells 4 px by 8 px, 14 px text), so the app's rows land where
// the drawn ones were (e2e/first-paint.e2e.test.ts measures both); below 768 px, where the app shows
// cards, the same rows are drawn as cards by the style alone, below the phone's bar and with the
// room of the header's buttons, the Views and Columns buttons and two lines of chips.

/** What the drawing shows: the answer to the rows query, with the query's report, columns, sort and search. */
export type FirstPaintRows = {
  answer: LineItemRowsResponse;
  report: Report;
  columns: readonly ColumnKey[];
  sort: readonly SortRule[];
  search: string;
};

const text = (words: string) => `data-text="${escapeHtml(words)}"`;

/** The glyph of the link beside a PO # whose purchase order exists (the app's purchase-order-link.tsx), in the link's colour. */
const PO_GLYPH = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='${encodeURIComponent(PRIMARY_COLOUR)}'%3E%3Cpath d='M19.5 3.5 18 2l-1.5 1.5L15 2l-1.5 1.5L12 2l-1.5 1.5L9 2 7.5 3.5 6 2v14H3v3c0 1.66 1.34 3 3 3h12c1.66 0 3-1.34 3-3V2zM15 20H6c-.55 0-1-.45-1-1v-1h10zm4-1c0 .55-.45 1-1 1s-1-.45-1-1v-3H8V5h11z'/%3E%3Cpath d='M9 7h6v2H9zm7 0h2v2h-2zm-7 3h6v2H9zm7 0h2v2h-2z'/%3E%3C/svg%3E")`;

const transitColours = Object.entries(TRANSIT_COLOURS)
  .map(
    ([type, { color, bgcolor }]) =>
      `#${FIRST_PAINT_ID} .t-${type}{color:${color};background:${bgcolor};border-color:${bgcolor};font-weight:600}`,
  )
  .join('');

/** The drawing's style: the app's theme's sizes and colours, scoped to the drawing. */
export const FIRST_PAINT_STYLE = `<style>
#${FIRST_PAINT_ID}{position:fixed;inset:0;z-index:2000;overflow:hidden;pointer-events:none;background:#fafafa;color:rgba(0,0,0,.87);font:400 14px/20.02px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
#${FIRST_PAINT_ID} [data-text]::before{content:attr(data-text)}
#${FIRST_PAINT_ID} .rail{position:absolute;inset:0 auto 0 0;width:71px;background:#fff;border-right:1px solid rgba(0,0,0,.12)}
#${FIRST_PAINT_ID} .top{display:none}
#${FIRST_PAINT_ID} .main{margin-left:72px;padding:16px 24px;display:flex;flex-direction:column;gap:12px}
#${FIRST_PAINT_ID} .head{display:flex;flex-wrap:wrap;align-items:baseline;column-gap:12px;padding:2.25px 0}
#${FIRST_PAINT_ID} .h1{font-size:24px;line-height:32px;font-weight:500}
#${FIRST_PAINT_ID} .sub{font-size:16px;line-height:24px;color:rgba(0,0,0,.6)}
#${FIRST_PAINT_ID} .bar{display:flex;flex-wrap:wrap;align-items:center;gap:16px}
#${FIRST_PAINT_ID} .tabs{display:flex;height:40px}
#${FIRST_PAINT_ID} .tab{padding:8px 16px;line-height:24px;font-weight:600;color:rgba(0,0,0,.6)}
#${FIRST_PAINT_ID} .tab.on{color:${PRIMARY_COLOUR};box-shadow:inset 0 -2px ${PRIMARY_COLOUR}}
#${FIRST_PAINT_ID} .needs{height:32px}
#${FIRST_PAINT_ID} .search{box-sizing:border-box;flex:1 1 240px;max-width:480px;height:40px;padding:8px 14px 8px 40px;border:1px solid rgba(0,0,0,.23);border-radius:8px;font-size:16px;line-height:23px;background:#fff;white-space:nowrap;overflow:hidden}
#${FIRST_PAINT_ID} .search.empty{color:rgba(0,0,0,.42)}
#${FIRST_PAINT_ID} .paper{background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:8px;padding-top:4px;overflow:hidden}
#${FIRST_PAINT_ID} table{width:100%;border-collapse:collapse;white-space:nowrap}
#${FIRST_PAINT_ID} th,#${FIRST_PAINT_ID} td{padding:6px 8px;border-bottom:1px solid #e0e0e0;text-align:left;font-weight:400}
#${FIRST_PAINT_ID} thead th{height:25.5px;line-height:24px;font-weight:600}
#${FIRST_PAINT_ID} tbody th,#${FIRST_PAINT_ID} tbody td{height:20px;padding:4px 8px}
#${FIRST_PAINT_ID} tbody th{font-weight:500}
#${FIRST_PAINT_ID} .check{width:20px;padding:0 12px 0 16px}
#${FIRST_PAINT_ID} .check i{display:block;width:14px;height:14px;margin:3px;border:2px solid rgba(0,0,0,.6);border-radius:2px}
#${FIRST_PAINT_ID} .review{background:#fff8e1}
#${FIRST_PAINT_ID} th.po::after{content:"";display:inline-block;width:16px;height:16px;margin-left:4px;vertical-align:-3px;background:${PO_GLYPH} center/16px no-repeat}
#${FIRST_PAINT_ID} .link{color:${PRIMARY_COLOUR}}
#${FIRST_PAINT_ID} .parts{padding-left:13px;font-size:13px;font-weight:500;color:${PRIMARY_COLOUR}}
#${FIRST_PAINT_ID} .chip{display:inline-block;vertical-align:top;padding:0 7px;border:1px solid #bdbdbd;border-radius:16px;font-size:13px;line-height:18px}
#${FIRST_PAINT_ID} .arrow{display:inline-block;width:18px;margin:0 4px;font-style:normal;text-align:center}
#${FIRST_PAINT_ID} .rank{display:inline-block;min-width:18px;margin-left:4px;border-radius:9px;background:rgba(0,0,0,.08);font-size:11px;line-height:18px;font-weight:700;text-align:center}
${transitColours}
@media (max-width:767.95px){
#${FIRST_PAINT_ID} .rail,#${FIRST_PAINT_ID} thead,#${FIRST_PAINT_ID} .check{display:none}
#${FIRST_PAINT_ID} .top{display:block;position:absolute;inset:0 0 auto 0;height:47px;background:#fff;border-bottom:1px solid rgba(0,0,0,.12)}
#${FIRST_PAINT_ID} .main{margin-left:0;padding:64px 16px 16px}
#${FIRST_PAINT_ID} .head{padding:0;margin-bottom:101px}
#${FIRST_PAINT_ID} .bar{margin-bottom:44.5px}
#${FIRST_PAINT_ID} .needs{height:72px}
#${FIRST_PAINT_ID} .search{flex-basis:100%;max-width:none}
#${FIRST_PAINT_ID} .paper{padding:12px 8px 8px}
#${FIRST_PAINT_ID} table,#${FIRST_PAINT_ID} tbody{display:block}
#${FIRST_PAINT_ID} tbody tr{display:block;margin-bottom:8px;padding:12px;border:1px solid rgba(0,0,0,.12);border-radius:8px;white-space:normal}
#${FIRST_PAINT_ID} tbody th{display:block;height:auto;padding:4px 0 8px;border:0;font-size:16px;font-weight:600;color:${PRIMARY_COLOUR};text-decoration:underline}
#${FIRST_PAINT_ID} tbody th[data-text]::before{content:"PO " attr(data-text)}
#${FIRST_PAINT_ID} tbody td{display:flex;height:auto;padding:2px 0;border:0}
#${FIRST_PAINT_ID} tbody td::after{content:attr(data-label);order:-1;flex:0 0 132px;color:rgba(0,0,0,.6)}
#${FIRST_PAINT_ID} tbody td[data-text=""]::before{content:"—"}
#${FIRST_PAINT_ID} .link{color:inherit}
#${FIRST_PAINT_ID} .parts{padding-left:0;font-size:14px;font-weight:400;color:inherit}
}
</style>`;

/** A row's cell; on a narrow screen a card's line, labelled by `data-label`. */
function cell(column: ColumnKey, row: LineItemRow): string {
  const value = row.text[column] ?? '';
  const label = `data-label="${escapeHtml(LINE_ITEM_COLUMNS[column].label)}"`;
  switch (column) {
    case 'title':
      return `<th${row.has_purchase_order ? ' class="po"' : ''} ${text(row.title)}></th>`;
    case 'related_shipment':
      return `<td ${label}><span class="link" ${text(row.related_shipment)}></span></td>`;
    case 'transit_type':
      return isColouredTransit(value)
        ? `<td ${label}><span class="chip t-${value}" ${text(value)}></span></td>`
        : `<td ${label}><span class="chip" ${text(TRANSIT_TYPE_OTHER)}></span></td>`;
    case 'numberOfParts':
      return `<td class="parts" ${label} ${text(value)}></td>`;
    default:
      return `<td ${label} ${text(value)}></td>`;
  }
}

function header(column: ColumnKey, sort: readonly SortRule[]): string {
  const shown = sort.length > 0 ? sort : DEFAULT_SORT;
  const rank = shown.findIndex((rule) => rule.key === column);
  const rule = shown[rank];
  // Every header keeps the room of MUI's sort arrow, shown or not, so the columns are as wide as the app's.
  const arrow = rule
    ? `<i class="arrow" ${text(rule.direction === 'asc' ? '↑' : '↓')}></i><span class="rank" ${text(String(rank + 1))}></span>`
    : '<i class="arrow"></i>';
  return `<th><span ${text(LINE_ITEM_COLUMNS[column].label)}></span>${arrow}</th>`;
}

/** The drawing of the dashboard with these rows, as the first thing in the page's body. */
export function firstPaintHtml({ answer, report, columns, sort, search }: FirstPaintRows): string {
  const rows = decodeRows(answer)
    .slice(0, FIRST_PAINT_ROWS)
    .map((row) => {
      const marked = row.po_review_required > PO_REVIEW_THRESHOLD ? ' class="review"' : '';
      return `<tr${marked}><td class="check"><i></i></td>${columns.map((column) => cell(column, row)).join('')}</tr>`;
    })
    .join('');
  const tabs = REPORTS.map(
    (tab) => `<span class="tab${tab === report ? ' on' : ''}" ${text(REPORT_LABELS[tab])}></span>`,
  ).join('');
  const searchBox = search
    ? `<div class="search" ${text(search)}></div>`
    : `<div class="search empty" ${text(DASHBOARD_WORDS.searchPlaceholder)}></div>`;
  return `<div id="${FIRST_PAINT_ID}" aria-hidden="true"><div class="rail"></div><div class="top"></div><div class="main">
<div class="head"><div class="h1" ${text(DASHBOARD_WORDS.title)}></div><div class="sub" ${text(DASHBOARD_WORDS.subtitle)}></div></div>
<div class="bar"><div class="tabs">${tabs}</div>${searchBox}</div><div class="needs"></div>
<div class="paper"><table aria-label="Line items"><thead><tr><th class="check"><i></i></th>${columns.map((column) => header(column, sort)).join('')}</tr></thead><tbody>${rows}</tbody></table></div>
</div></div>`;
}
