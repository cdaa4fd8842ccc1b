/** A count as the dashboard shows it: 12,345 (the app is in US English). */
export const formatCount = (count: number) => count.toLocaleString('en-US');
