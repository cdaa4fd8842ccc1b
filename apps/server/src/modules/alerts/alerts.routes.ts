import { UNSUBSCRIBED } from '@quayside/domain/alerts';
import { API } from '@quayside/domain/api';
import { pathOf } from '@quayside/domain/call';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { serve } from '../../lib/serve.ts';
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

/** Signed in: what the principal follows, its notifications (the bell) and how it is told. */
export function registerAlertRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'listFollows', async (request) => ({ follows: await listFollows(db, request.principal) }));
  serve(app, 'follow', (request) => follow(db, request.principal, request.body));
  serve(app, 'unfollow', async (request) => {
    await unfollow(db, request.principal, request.query.id);
    return { message: 'No longer followed.' };
  });

  serve(app, 'listAlerts', (request) => listNotifications(db, request.principal));
  serve(app, 'markAlertsRead', async (request) => {
    await markRead(db, request.principal, request.body.ids);
    return { message: 'Marked read.' };
  });
  serve(app, 'getAlertPreferences', (request) => readPreferences(db, request.principal.personId));
  serve(app, 'saveAlertPreferences', (request) =>
    savePreferences(db, actorOf(request.principal), request.principal.personId, request.body),
  );
}

const UnsubscribePageQuery = z.object({ token: z.string().max(500).default('') });

export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Sign in to Quayside to change your alerts.';

/**
 * Public: an alert e-mail's unsubscribe link, which works without signing in. GET shows a page
 * with one button (a mail scanner following the link changes nothing); POST, from that button or
 * a mail client's one-click unsubscribe (RFC 8058), stops every alert e-mail.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, db: Database, secret: string) {
  const personOf = (token: string) => {
    const personId = personOfUnsubscribeToken(secret, token);
    if (personId === null) throw new AppError('invalid', UNSUBSCRIBE_LINK_INVALID);
    return personId;
  };

  // The page an e-mail's link opens: not an API call, so not in the route table.
  app.get<{ Querystring: z.output<typeof UnsubscribePageQuery> }>(
    '/unsubscribe',
    { schema: { hide: true, querystring: UnsubscribePageQuery } },
    async (request, reply) => {
      const isValid = personOfUnsubscribeToken(secret, request.query.token) !== null;
      const action = `${pathOf(API.unsubscribe)}?token=${encodeURIComponent(request.query.token)}`;
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
    serve(scope, 'unsubscribe', async (request, reply) => {
      await unsubscribe(db, personOf(request.query.token));
      const accepts = request.headers.accept ?? '';
      if (accepts.includes('text/html'))
        return reply.type('text/html; charset=utf-8').send(page(`<p>${UNSUBSCRIBED}</p>`));
      return { message: UNSUBSCRIBED };
    });
  });
}

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quayside alerts</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>
</head><body><h1>Quayside alerts</h1>${body}</body></html>`;
