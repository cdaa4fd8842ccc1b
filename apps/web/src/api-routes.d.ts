declare module 'virtual:api-routes' {
  import type { OperationName } from '@quayside/domain/api';
  import type { Method } from '@quayside/domain/call';

  /** Each call of the route table: its method and path (apps/web/api-routes.ts). */
  const routes: Record<OperationName, readonly [Method, `/api/${string}`]>;
  export default routes;
}
