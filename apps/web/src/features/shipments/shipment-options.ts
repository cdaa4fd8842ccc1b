/**
 * Consignee choices. SPEC.md §9 counts "three company names (not reproduced here)"; these are the
 * operating company's three consignee entities that the demo data also uses. The server accepts
 * any text, so an older value outside the list still shows and saves (see `withCurrent`).
 */
export const CONSIGNEE_OPTIONS = ['NAPCO Dominicana', 'NAPCO Americas', 'NAPCO Pipe & Fittings'] as const;

/** A select's options, with the stored value first when the list lacks it, so it is shown as it is. */
export function withCurrent(options: readonly string[], current: string): readonly string[] {
  return current === '' || options.includes(current) ? options : [current, ...options];
}
