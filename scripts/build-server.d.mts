export const SERVER_DIST: string;
export function buildServer(outDir?: string): Promise<void>;
