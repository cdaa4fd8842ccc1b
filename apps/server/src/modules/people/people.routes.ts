import type { FastifyInstance } from 'fastify';
import { clientAddress, consumeRateLimit } from '../../auth/rate-limit.ts';
import type { RateRule } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { serve } from '../../lib/serve.ts';
import { checkEligibility, deletePerson, listPeople, savePeople } from './people.service.ts';

export function registerPeopleRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'listPeople', async (request) => ({ peoples: await listPeople(db, request.principal, request.query) }));

  serve(app, 'savePeople', async (request) => ({ peoples: await savePeople(db, request.principal, request.body) }));

  serve(app, 'deletePerson', async (request) => {
    const [target] = request.body;
    if (target) await deletePerson(db, request.principal, target.email);
    return { message: 'User deleted.' };
  });
}

/** The register screen's check, before any account exists: public, and rate-limited per client. */
export function registerEligibilityRoute(app: FastifyInstance, db: Database, rule: RateRule) {
  serve(app, 'checkEligibility', async (request, reply) => {
    const limit = await consumeRateLimit(db, 'eligibility', clientAddress(request.ip), rule);
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfter));
      throw new AppError('rate_limited', 'Too many attempts. Please try again later.');
    }
    return checkEligibility(db, request.query.email);
  });
}
