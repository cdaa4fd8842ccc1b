import {
  EligibilityQuery,
  EligibilityResponse,
  PeopleDeleteBody,
  PeopleQuery,
  PeopleResponse,
  PeopleUpsertBody,
} from '@quayside/domain/people';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddress, consumeRateLimit } from '../../auth/rate-limit.ts';
import type { RateRule } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { checkEligibility, deletePerson, listPeople, savePeople } from './people.service.ts';

const MessageResponse = z.object({ message: z.string() });

export function registerPeopleRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/Peoples',
    { schema: { tags: ['people'], querystring: PeopleQuery, response: { 200: PeopleResponse } } },
    async (request) => ({ peoples: await listPeople(db, request.principal, request.query) }),
  );

  api.post(
    '/api/Peoples',
    { schema: { tags: ['people'], body: PeopleUpsertBody, response: { 200: PeopleResponse } } },
    async (request) => ({ peoples: await savePeople(db, request.principal, request.body) }),
  );

  api.post(
    '/api/Peoples/delete',
    { schema: { tags: ['people'], body: PeopleDeleteBody, response: { 200: MessageResponse } } },
    async (request) => {
      const [target] = request.body;
      if (target) await deletePerson(db, request.principal, target.email);
      return { message: 'User deleted.' };
    },
  );
}

/** The register screen's check, before any account exists: public, and rate-limited per client. */
export function registerEligibilityRoute(app: FastifyInstance, db: Database, rule: RateRule) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/Peoples/eligibility',
      { schema: { tags: ['people'], querystring: EligibilityQuery, response: { 200: EligibilityResponse } } },
      async (request, reply) => {
        const limit = await consumeRateLimit(db, 'eligibility', clientAddress(request.ip), rule);
        if (!limit.allowed) {
          reply.header('retry-after', String(limit.retryAfter));
          throw new AppError('rate_limited', 'Too many attempts. Please try again later.');
        }
        return checkEligibility(db, request.query.email);
      },
    );
}
