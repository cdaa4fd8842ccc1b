import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';

export function registerDocumentRoutes(_app: FastifyInstance, _db: Database) {}
