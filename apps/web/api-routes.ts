import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// The web app needs only each call's method and path at run time; its types come from the route
// table itself. Importing the table would put every call's schemas into the first screen's script
// (15 KB gzip measured); `virtual:api-routes` is the table reduced to those two, read from it at
// build time.

const ID = 'virtual:api-routes';
const RESOLVED = `\0${ID}`;
const TABLE = fileURLToPath(new URL('../../packages/domain/src/api.ts', import.meta.url));
const TABLE_FILES = fileURLToPath(new URL('../../packages/domain/src/api/', import.meta.url));

export function apiRoutes(): Plugin {
  return {
    name: 'quayside-api-routes',
    resolveId: (source) => (source === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      // The table is TypeScript: tsx loads it here, afresh each build (its query string defeats Node's module cache).
      const { tsImport } = await import('tsx/esm/api');
      const { API } = (await tsImport(
        `${TABLE}?at=${Date.now()}`,
        import.meta.url,
      )) as typeof import('@quayside/domain/api');
      const routes = Object.fromEntries(Object.entries(API).map(([name, call]) => [name, [call.method, call.path]]));
      return `export default ${JSON.stringify(routes)};`;
    },
    // A change to the table during `vite` dev reloads the routes.
    handleHotUpdate({ file, server }) {
      if (file !== TABLE && !file.startsWith(TABLE_FILES)) return;
      const module = server.moduleGraph.getModuleById(RESOLVED);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
