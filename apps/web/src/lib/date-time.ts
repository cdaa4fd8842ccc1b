/** When something happened, as every list of events shows it: 'Nov 24, 2026, 10:00 AM'. */
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp from the server, in DATE_TIME's words. */
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
