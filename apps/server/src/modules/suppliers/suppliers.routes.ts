import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import { createMailer } from '../../mail/mailer.ts';
import {
  getSupplierSettings,
  inviteContact,
  listSuppliers,
  removeContact,
  saveSupplierSettings,
} from './suppliers.service.ts';

/** The Suppliers screen's calls; invitations go by the configured mail (SMTP, else the outbox). */
export function registerSupplierRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>,
) {
  const mail = {
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    registerUrl: `${config.publicUrl}/register`,
  };
  serve(app, 'listSuppliers', (request) => listSuppliers(db, request.principal, request.query));
  serve(app, 'inviteSupplierContact', (request) => inviteContact(db, request.principal, request.body, mail));
  serve(app, 'removeSupplierContact', (request) => removeContact(db, request.principal, request.body.email));
  serve(app, 'getSupplierSettings', (request) => getSupplierSettings(db, request.principal));
  serve(app, 'saveSupplierSettings', (request) => saveSupplierSettings(db, request.principal, request.body));
}
