import {
  alreadyListed,
  CONTACT_NOT_FOUND,
  CONTACT_REMOVED,
  type InviteContactBody,
  invitationMail,
  invitationNotSent,
  invitationSent,
  SUPPLIERS_FORBIDDEN,
  type Supplier,
  type SupplierContact,
  type SupplierSettings,
} from '@quayside/domain/suppliers';
import { sql } from 'drizzle-orm';
import { canManagePeople } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { supplierKeySql } from '../../auth/visibility.ts';
import { textArray } from '../../db/array-parameters.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type Write, withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { removePersonAndAccount } from '../people/people.service.ts';

// The Suppliers screen (an Admin's): every company named as a PO's supplier or invited as one, with
// its POs' standing and its contacts; inviting and removing contacts; the automatic-approval limit.
// A contact is a person of role Supplier whose company is its supplier: it signs in like anyone
// else, and auth/visibility.ts confines it to its company's POs.

function assertAdmin(principal: Principal) {
  if (!canManagePeople(principal)) throw new AppError('forbidden', SUPPLIERS_FORBIDDEN);
}

type SupplierRow = Omit<Supplier, 'contacts'> & { key: string; total: number };

/** A page of suppliers by name, each with its contacts. */
export async function listSuppliers(
  db: Queryable,
  principal: Principal,
  query: { q?: string | undefined; page: number; pageSize: number },
) {
  assertAdmin(principal);
  const q = query.q?.trim().toLowerCase() ?? '';
  const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  const matches =
    q === ''
      ? sql`true`
      : sql`(lower(s.name) like ${like} or exists (
          select 1 from people c where c.role = 'Supplier' and ${supplierKeySql(sql`c.company_name`)} = s.key
            and (lower(c.full_name) like ${like} or c.email like ${like})))`;
  const rows = await db.execute<SupplierRow>(sql`
    with named as (
      select ${supplierKeySql(sql`po.supplier`)} as key, po.supplier as name, po.po_number, 1 as pos,
             (po.status not in ('received', 'short_closed'))::int as open,
             (po.status not in ('received', 'short_closed') and po.confirmation <> 'confirmed')::int as awaiting,
             (po.confirmation = 'proposed')::int as pending
      from purchase_orders po where btrim(po.supplier) <> ''
      union all
      select ${supplierKeySql(sql`c.company_name`)}, btrim(c.company_name), null, 0, 0, 0, 0
      from people c where c.role = 'Supplier'
    ), s as (
      select key, (array_agg(name order by po_number collate "C" nulls last))[1] as name,
             sum(pos)::int as purchase_orders, sum(open)::int as open_purchase_orders,
             sum(awaiting)::int as awaiting_confirmation, sum(pending)::int as pending_proposals
      from named group by key
    )
    select s.*, count(*) over ()::int as total from s where ${matches}
    order by lower(s.name), s.key limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const keys = rows.rows.map((row) => row.key);
  const contacts = await db.execute<SupplierContact & { key: string; fireauth_id: string | null }>(sql`
    select id::int as id, full_name, email, fireauth_id, ${supplierKeySql(sql`company_name`)} as key
    from people where role = 'Supplier' and ${supplierKeySql(sql`company_name`)} = any(${textArray(keys)})
    order by full_name, email`);
  const total = rows.rows[0]?.total ?? (query.page > 1 ? await countSuppliers(db) : 0);
  return {
    suppliers: rows.rows.map(({ key, total: _total, ...supplier }) => ({
      ...supplier,
      contacts: contacts.rows
        .filter((contact) => contact.key === key)
        .map(({ key: _key, fireauth_id, ...contact }) => ({
          ...contact,
          status: fireauth_id ? ('Active' as const) : ('Inactive' as const),
        })),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The count, for a page past the last: how many there are tells the pager where to go. */
async function countSuppliers(db: Queryable) {
  const counted = await db.execute<{ total: number }>(sql`
    select count(distinct key)::int as total from (
      select ${supplierKeySql(sql`supplier`)} as key from purchase_orders where btrim(supplier) <> ''
      union all select ${supplierKeySql(sql`company_name`)} from people where role = 'Supplier') k`);
  return counted.rows[0]?.total ?? 0;
}

/** Adds a supplier's contact and mails the invitation; the contact stays listed if the mail cannot go. */
export async function inviteContact(
  db: Database,
  principal: Principal,
  input: InviteContactBody,
  mail: { mailer: Mailer; registerUrl: string },
) {
  assertAdmin(principal);
  const contact = await withWrite(db, actorOf(principal), (write) => insertSupplierContact(write, input));
  try {
    await mail.mailer.send({
      to: input.email,
      ...invitationMail({
        fullName: input.full_name,
        supplier: input.supplier,
        registerUrl: mail.registerUrl,
        email: input.email,
      }),
    });
    return { contact, message: invitationSent(input.email) };
  } catch {
    return { contact, message: invitationNotSent(input.email) };
  }
}

/** Lists a supplier's contact (not yet registered), audited; an e-mail already listed is a conflict. */
export async function insertSupplierContact(write: Write, input: InviteContactBody): Promise<SupplierContact> {
  const existing = await write.tx.execute(sql`select 1 from people where email = ${input.email}`);
  if (existing.rows.length > 0) throw new AppError('conflict', alreadyListed(input.email));
  const created = await write.tx.execute<{ id: number; full_name: string; email: string }>(sql`
    insert into people (email, full_name, role, company_name)
    values (${input.email}, ${input.full_name}, 'Supplier', ${input.supplier})
    returning id::int as id, full_name, email`);
  const row = created.rows[0];
  if (row === undefined) throw new Error('insert returned no row');
  write.audit({
    action: 'create',
    entity: 'person',
    entityId: row.id,
    after: { ...row, role: 'Supplier', company_name: input.supplier },
  });
  return { ...row, status: 'Inactive' };
}

/** Removes a supplier's contact with its sign-in account: every session it has ends at once. */
export async function removeContact(db: Database, principal: Principal, email: string) {
  assertAdmin(principal);
  await withWrite(db, actorOf(principal), async (write) => {
    const removed = await removePersonAndAccount(write, email, 'Supplier');
    if (!removed) throw new AppError('not_found', CONTACT_NOT_FOUND);
  });
  return { message: CONTACT_REMOVED };
}

export async function getSupplierSettings(db: Queryable, principal: Principal): Promise<SupplierSettings> {
  assertAdmin(principal);
  const found = await db.execute<SupplierSettings>(sql`
    select auto_approve_cargo_ready_days as "autoApproveCargoReadyDays" from supplier_settings where id = 1`);
  return found.rows[0] ?? { autoApproveCargoReadyDays: null };
}

export async function saveSupplierSettings(db: Database, principal: Principal, settings: SupplierSettings) {
  assertAdmin(principal);
  const before = await getSupplierSettings(db, principal);
  await withWrite(db, actorOf(principal), async (write) => {
    await write.tx.execute(sql`
      insert into supplier_settings (id, auto_approve_cargo_ready_days) values (1, ${settings.autoApproveCargoReadyDays})
      on conflict (id) do update set auto_approve_cargo_ready_days = excluded.auto_approve_cargo_ready_days, updated_at = now()`);
    write.audit({ action: 'update', entity: 'supplier_settings', entityId: '1', before, after: settings });
  });
  return settings;
}
