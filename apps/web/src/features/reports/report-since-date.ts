import { REPORT_WINDOW_DAYS } from '@quayside/domain/constants';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The `createdOn` of the recent-documents report: the local calendar day `REPORT_WINDOW_DAYS`
 * before `now`, written MM/DD/YYYY as the server's `parseUsDate` reads it. Calendar days, not
 * 7 × 24 hours, so a daylight-saving change in the window cannot shift the day.
 */
export function reportSinceDate(now: Date): string {
  const since = new Date(now.getFullYear(), now.getMonth(), now.getDate() - REPORT_WINDOW_DAYS);
  return `${twoDigits(since.getMonth() + 1)}/${twoDigits(since.getDate())}/${since.getFullYear()}`;
}
