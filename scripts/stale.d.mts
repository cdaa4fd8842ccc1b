export function newestChange(paths: string[]): number;
export function isStale(output: string, sources: string[]): boolean;
