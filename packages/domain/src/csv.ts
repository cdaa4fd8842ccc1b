// The CSV writer of SPEC.md 'CSV export': every value quoted, inner quotes doubled.

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection);
 * a leading apostrophe makes it plain text again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const csvLine = (values: readonly string[]) => `${values.map(csvCell).join(',')}\r\n`;

/** shipment-data-YYYY-MM-DD.csv, dated in UTC. */
export const exportFileName = (now: Date) => `shipment-data-${now.toISOString().slice(0, 10)}.csv`;
