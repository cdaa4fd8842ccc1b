import { Readable } from 'node:stream';
import { csvLine, exportFileName } from '@quayside/domain/csv';
import { displayText, LINE_ITEM_COLUMNS, REPORT_COLUMNS, type RowQuery } from '@quayside/domain/line-item-query';
import {
  LineItemDeleteBody,
  LineItemKeyQuery,
  LineItemQuery,
  LineItemResponse,
  LineItemsResponse,
  LineItemUpdateBody,
  MessageResponse,
} from '@quayside/domain/line-items';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Principal } from '../../auth/principal.ts';
import type { Database } from '../../db/client.ts';
import { deleteLineItem, listLineItems, streamLineItems, updateLineItem } from './line-items.service.ts';

export function registerLineItemRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/LineItems',
    { schema: { tags: ['line items'], querystring: LineItemQuery, response: { 200: LineItemsResponse } } },
    async (request) => listLineItems(db, request.principal, request.query),
  );

  api.get(
    '/api/LineItems/export',
    {
      schema: {
        tags: ['line items'],
        description: 'Every matching line item as CSV (the columns of the report), streamed.',
        querystring: LineItemQuery,
      },
    },
    async (request, reply) => {
      const fileName = exportFileName(new Date());
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(csvOf(db, request.principal, request.query)));
    },
  );

  api.post(
    '/api/LineItems',
    {
      schema: {
        tags: ['line items'],
        querystring: LineItemKeyQuery,
        body: LineItemUpdateBody,
        response: { 200: LineItemResponse },
      },
    },
    async (request) => ({ lineItem: await updateLineItem(db, request.principal, request.query, request.body) }),
  );

  api.post(
    '/api/LineItems/delete',
    { schema: { tags: ['line items'], body: LineItemDeleteBody, response: { 200: MessageResponse } } },
    async (request) => {
      const { title, related_shipment } = request.body;
      await deleteLineItem(db, request.principal, { shipment: related_shipment, po: title });
      return { message: 'Line item deleted.' };
    },
  );
}

/** The CSV text, a line at a time: the header holds the report's column labels. */
async function* csvOf(db: Database, principal: Principal, query: RowQuery) {
  const columns = REPORT_COLUMNS[query.report];
  yield csvLine(columns.map((column) => LINE_ITEM_COLUMNS[column].label));
  for await (const batch of streamLineItems(db, principal, query)) {
    yield batch.map((lineItem) => csvLine(columns.map((column) => displayText(lineItem, column)))).join('');
  }
}
