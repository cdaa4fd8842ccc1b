import {
  AlertPreferences,
  Follow,
  FollowIdQuery,
  FollowRequest,
  FollowsResponse,
  MarkReadRequest,
  NotificationsResponse,
  UNSUBSCRIBED,
  UnsubscribeRequest,
} from '@quayside/domain/alerts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { actorOf } from '../audit/audit.service.ts';
import {
  follow,
  listFollows,
  listNotifications,
  markRead,
  readPreferences,
  savePreferences,
  unfollow,
  unsubscribe,
} from './alerts.service.ts';
import { personOfUnsubscribeToken } from './unsubscribe-token.ts';

const Ok = z.object({ message: z.string() });

/** Signed in: what the principal follows, its notifications (the bell) and how it is told. */
export function registerAlertRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['alerts'];

  api.get(
    '/api/Follows',
    {
      schema: { tags, description: 'The shipments and saved filters you follow.', response: { 200: FollowsResponse } },
    },
    async (request) => ({ follows: await listFollows(db, request.principal) }),
  );
  api.post(
    '/api/Follows',
    {
      schema: {
        tags,
        description:
          'Follow a shipment (`{ shipment }`), or save a filter to follow (`{ name, query }`, query as the ' +
          "dashboard's URL has it: q, filters, logic, report, exception). You hear of their events as your " +
          'preferences say. Following a shipment again is the same follow.',
        body: FollowRequest,
        response: { 200: Follow },
      },
    },
    async (request) => follow(db, request.principal, request.body),
  );
  api.post(
    '/api/Follows/delete',
    { schema: { tags, description: 'Stop following.', querystring: FollowIdQuery, response: { 200: Ok } } },
    async (request) => {
      await unfollow(db, request.principal, request.query.id);
      return { message: 'No longer followed.' };
    },
  );

  api.get(
    '/api/Alerts',
    {
      schema: {
        tags,
        description: 'Your newest 50 alerts, newest first, and how many are unread.',
        response: { 200: NotificationsResponse },
      },
    },
    async (request) => listNotifications(db, request.principal),
  );
  api.post(
    '/api/Alerts/read',
    { schema: { tags, description: 'Mark alerts read: `ids`, or all.', body: MarkReadRequest, response: { 200: Ok } } },
    async (request) => {
      await markRead(db, request.principal, request.body.ids);
      return { message: 'Marked read.' };
    },
  );
  api.get(
    '/api/Alerts/preferences',
    {
      schema: {
        tags,
        description: 'How you hear of each event kind: email (at once), digest (daily) or app (the bell only).',
        response: { 200: AlertPreferences },
      },
    },
    async (request) => readPreferences(db, request.principal.personId),
  );
  api.post(
    '/api/Alerts/preferences',
    {
      schema: {
        tags,
        description: 'Choose how you hear of each event kind.',
        body: AlertPreferences,
        response: { 200: AlertPreferences },
      },
    },
    async (request) => savePreferences(db, actorOf(request.principal), request.principal.personId, request.body),
  );
}

export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Sign in to Quayside to change your alerts.';

/**
 * Public: an alert e-mail's unsubscribe link, which works without signing in. GET shows a page
 * with one button (a mail scanner following the link changes nothing); POST, from that button or
 * a mail client's one-click unsubscribe (RFC 8058), stops every alert e-mail.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, db: Database, secret: string) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const personOf = (token: string) => {
    const personId = personOfUnsubscribeToken(secret, token);
    if (personId === null) throw new AppError('invalid', UNSUBSCRIBE_LINK_INVALID);
    return personId;
  };

  api.get(
    '/unsubscribe',
    { schema: { hide: true, querystring: z.object({ token: z.string().max(500).default('') }) } },
    async (request, reply) => {
      const isValid = personOfUnsubscribeToken(secret, request.query.token) !== null;
      const action = `/api/Unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      const body = isValid
        ? `<p>Stop getting alert e-mails from Quayside? Your alerts will still appear under the bell when you sign in.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`
        : `<p>${escapeHtml(UNSUBSCRIBE_LINK_INVALID)}</p>`;
      return reply.type('text/html; charset=utf-8').send(page(body));
    },
  );

  app.register(async (scope) => {
    // The page's form and one-click clients post application/x-www-form-urlencoded; the token is in the URL.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/Unsubscribe',
      {
        schema: {
          tags: ['alerts'],
          description: "Stop every alert e-mail for the person an alert e-mail's link names (no sign-in).",
          querystring: UnsubscribeRequest,
        },
      },
      async (request, reply) => {
        await unsubscribe(db, personOf(request.query.token));
        const accepts = request.headers.accept ?? '';
        if (accepts.includes('text/html'))
          return reply.type('text/html; charset=utf-8').send(page(`<p>${UNSUBSCRIBED}</p>`));
        return { message: UNSUBSCRIBED };
      },
    );
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quayside alerts</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>
</head><body><h1>Quayside alerts</h1>${body}</body></html>`;
