/** The entries whose value is not undefined: a key given as undefined would otherwise override a default, or reach a library that reads its presence. */
export const definedOnly = <T extends object>(entries: T) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as Partial<T>;
