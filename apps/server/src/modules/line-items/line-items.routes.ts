import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';

export function registerLineItemRoutes(_app: FastifyInstance, _db: Database) {}
