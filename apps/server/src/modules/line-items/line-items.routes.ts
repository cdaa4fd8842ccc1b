import { exportFileName } from '@quayside/domain/csv';
import { BULK_MAX_IDS } from '@quayside/domain/line-item-bulk';
import { isChangeOperator } from '@quayside/domain/line-item-columns';
import type { RowQuery } from '@quayside/domain/line-item-query';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import type { LineItemsResponse } from '@quayside/domain/line-items';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { HeavyWork } from '../../lib/heavy-work.ts';
import { type BulkWorkLimits, perUserLimit } from '../../lib/per-user-limit.ts';
import { type RequestOf, serve } from '../../lib/serve.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import { type ExceptionContext, nowOf } from '../exceptions/exception-sql.ts';
import { exceptionContext } from '../exceptions/exceptions.service.ts';
import type { RowsCopy } from './columnar/rows-copy.ts';
import {
  countLineItems,
  deleteLineItem,
  listLineItemRows,
  listLineItems,
  type RowsInMemory,
  updateLineItem,
} from './line-items.service.ts';
import { changeLineItems } from './line-items-bulk.ts';
import { exportCsv } from './line-items-export.ts';

/**
 * The same page or count asked again while nothing was written is answered from memory (at most
 * this many kept): dashboards open on the same default page, and an exact count of 400,000
 * matches is worth keeping while someone pages through them.
 */
const REMEMBERED_ANSWERS = 200;

/**
 * What a principal's answer depends on besides the data: what it may see, what it asked, and the
 * day; with a 'changed in the last' filter, the minute too, since its window moves with the clock.
 */
const answerKey = (request: FastifyRequest, context: ExceptionContext) => {
  const { filters = [] } = request.query as Partial<RowQuery>;
  const moment = filters.some((filter) => isChangeOperator(filter.operator)) ? nowOf(context).slice(0, 16) : '';
  return `${request.principal.role}\n${request.principal.company}\n${context.today}\n${moment}\n${request.url}`;
};

/**
 * A bulk change of a million rows holds their locks for a while: one at a time per person is what
 * a person needs (a second click waits its turn with a 429 rather than queueing behind the locks).
 */
const BULK_CHANGES_PER_USER = 1;

export function registerLineItemRoutes(
  app: FastifyInstance,
  db: Database,
  limits: BulkWorkLimits,
  clock: () => Date,
  heavyWork: HeavyWork,
  /** This server's copy of the rows in memory, when it keeps one (config.rowsInMemory). */
  rowsCopy?: RowsCopy,
) {
  const limitExports = perUserLimit(limits.exportsPerUser, 'exports');
  const limitBulkChanges = perUserLimit(BULK_CHANGES_PER_USER, 'bulk change');
  // A full export reads every match, however many: it waits its turn. Ticked rows (at most
  // BULK_MAX_IDS) are cheap, and so is a bulk change of no more than one could tick.
  const heavyExport = heavyWork.limit();
  const heavyBulkChange = heavyWork.limit<RequestOf<'changeLineItems'>>(
    ({ body: { selection } }) => 'expected' in selection && selection.expected > BULK_MAX_IDS,
  );
  const pages = new VersionedCache<LineItemsResponse>(REMEMBERED_ANSWERS);
  const rowPages = new VersionedCache<LineItemRowsResponse>(REMEMBERED_ANSWERS);
  const counts = new VersionedCache<number>(REMEMBERED_ANSWERS);

  /** The export's CSV of the query's rows (with `ids`, only those), as a dated attachment. */
  const sendCsv = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: RowQuery & { ids?: readonly number[] },
  ) => {
    const context = await exceptionContext(db, clock);
    const csv = await exportCsv(db, request.principal, query, context, limits.bulkStatementTimeoutMs);
    const fileName = exportFileName(new Date());
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store');
    return reply.send(csv);
  };

  /** The principal's answer to this request: remembered while nothing is written, else computed. */
  const remembered = async <T>(
    cache: VersionedCache<T>,
    request: FastifyRequest,
    compute: (context: ExceptionContext, copy: RowsInMemory | undefined) => Promise<T>,
  ) => {
    const context = await exceptionContext(db, clock);
    const copy = rowsCopy && (() => rowsCopy.rowsAt(request.dataVersion));
    return cache.remember(answerKey(request, context), request.dataVersion, () => compute(context, copy));
  };

  serve(app, 'listLineItems', (request) =>
    remembered(pages, request, (context, copy) => listLineItems(db, request.principal, request.query, context, copy)),
  );
  serve(app, 'listLineItemRows', (request) =>
    remembered(rowPages, request, (context, copy) =>
      listLineItemRows(db, request.principal, request.query, context, copy),
    ),
  );
  serve(app, 'countLineItems', async (request) => ({
    total: await remembered(counts, request, (context, copy) =>
      countLineItems(db, request.principal, request.query, context, copy),
    ),
  }));

  serve(app, 'exportLineItems', (request, reply) => sendCsv(request, reply, request.query), {
    preHandler: [limitExports, heavyExport],
  });

  serve(
    app,
    'exportSelectedLineItems',
    (request, reply) => {
      const { ids, report, sort } = request.body;
      const query: RowQuery = { q: '', filters: [], logic: 'AND', report, sort };
      return sendCsv(request, reply, { ...query, ids: ids.map(Number) });
    },
    { preHandler: limitExports },
  );

  serve(
    app,
    'changeLineItems',
    async (request) =>
      changeLineItems(db, request.principal, request.body, await exceptionContext(db, clock), {
        statementTimeoutMs: limits.bulkStatementTimeoutMs,
      }),
    { preHandler: [limitBulkChanges, heavyBulkChange] },
  );

  serve(app, 'updateLineItem', async (request) => ({
    lineItem: await updateLineItem(db, request.principal, request.query, request.body),
  }));

  serve(app, 'deleteLineItem', async (request) => {
    const { title, related_shipment } = request.body;
    await deleteLineItem(db, request.principal, { shipment: related_shipment, po: title });
    return { message: 'Line item deleted.' };
  });
}
