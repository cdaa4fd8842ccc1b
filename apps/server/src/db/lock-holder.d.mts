/** The live process whose id the lock file holds (possibly this one), or null. */
export function lockHolder(file: string): number | null;
export function lockFileOf(databaseDir: string): string;
export function socketNoteOf(databaseDir: string): string;
