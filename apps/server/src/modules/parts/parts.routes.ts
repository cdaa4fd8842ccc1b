import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';

export function registerPartRoutes(_app: FastifyInstance, _db: Database) {}
