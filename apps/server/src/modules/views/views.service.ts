import type { ColumnKey } from '@quayside/domain/line-item-columns';
import type { Role } from '@quayside/domain/people';
import { isConfinedToItsCompany, isStaff } from '@quayside/domain/permissions';
import { companyKey, foldCase } from '@quayside/domain/text';
import {
  MAX_VIEWS_PER_USER,
  ONLY_OWNER_CHANGES_VIEW,
  ORGANISATION_DEFAULT_FORBIDDEN,
  ORGANISATION_DEFAULT_NOT_SHARED,
  VIEW_LIMIT_REACHED,
  VIEW_NOT_FOUND,
  type View,
  type ViewDefaults,
  type ViewDensity,
  type ViewQuery,
  type ViewRequest,
  type ViewsResponse,
  viewNameTaken,
} from '@quayside/domain/views';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { canSetOrganisationDefaultView } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { savedViewScope, sharedStaffView } from '../../auth/visibility.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { people, savedViewDefaults, savedViewSettings, savedViews } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Write, withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';

type ViewRow = typeof savedViews.$inferSelect;
type Owner = { name: string; email: string };

const withOwner = { view: savedViews, owner: { name: people.full_name, email: people.email } };

function viewOf(row: ViewRow, owner: Owner, principal: Principal, defaults: ViewDefaults): View {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    query: row.query as ViewQuery,
    columns: row.columns as ColumnKey[] | null,
    density: row.density as ViewDensity,
    owner,
    mine: row.owner_id === principal.personId,
    isMyDefault: defaults.myDefault === row.id,
    isOrgDefault: defaults.orgDefault === row.id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The principal's default and the organisation's, each only while the principal may still open it. */
async function readDefaults(db: Queryable, principal: Principal): Promise<ViewDefaults> {
  const [mine] = await db
    .select({ id: savedViews.id })
    .from(savedViewDefaults)
    .innerJoin(savedViews, eq(savedViews.id, savedViewDefaults.view_id))
    .innerJoin(people, eq(people.id, savedViews.owner_id))
    .where(and(eq(savedViewDefaults.person_id, principal.personId), savedViewScope(principal)));
  // Forwarders never get the organisation's default: it is a staff view, and a staff view's
  // filters can name other forwarders.
  const [organisation] = isStaff(principal.role)
    ? await db
        .select({ id: savedViews.id })
        .from(savedViewSettings)
        .innerJoin(savedViews, eq(savedViews.id, savedViewSettings.organisation_default_view_id))
        .innerJoin(people, eq(people.id, savedViews.owner_id))
        .where(sharedStaffView)
    : [];
  return { myDefault: mine?.id ?? null, orgDefault: organisation?.id ?? null };
}

/** A view the principal sees; any other id is not found, so nobody learns another circle's views exist. */
async function findVisibleView(db: Queryable, principal: Principal, id: number) {
  const [found] = await db
    .select(withOwner)
    .from(savedViews)
    .innerJoin(people, eq(people.id, savedViews.owner_id))
    .where(and(eq(savedViews.id, id), savedViewScope(principal)));
  if (!found) throw new AppError('not_found', VIEW_NOT_FOUND);
  return found;
}

/** A view the principal may change: its own (one it only sees is refused, one it does not see is not found). */
async function findOwnView(db: Queryable, principal: Principal, id: number) {
  const found = await findVisibleView(db, principal, id);
  if (found.view.owner_id !== principal.personId) throw new AppError('forbidden', ONLY_OWNER_CHANGES_VIEW);
  return found.view;
}

/** The views the principal may open, by name, with its default and (staff) the organisation's. */
export async function listViews(db: Queryable, principal: Principal): Promise<ViewsResponse> {
  const rows = await db
    .select(withOwner)
    .from(savedViews)
    .innerJoin(people, eq(people.id, savedViews.owner_id))
    .where(savedViewScope(principal))
    .orderBy(sql`lower(${savedViews.name} collate "C")`, asc(savedViews.id));
  const defaults = await readDefaults(db, principal);
  return { views: rows.map((row) => viewOf(row.view, row.owner, principal, defaults)), ...defaults };
}

export async function getView(db: Queryable, principal: Principal, id: number): Promise<View> {
  const found = await findVisibleView(db, principal, id);
  return viewOf(found.view, found.owner, principal, await readDefaults(db, principal));
}

/**
 * Checks a save against the principal's other views: the name is free (case-insensitively) and,
 * for a new view, the limit not reached. The principal's person row is locked first, so two saves
 * at once are checked one after the other.
 */
async function checkOwnViews(db: Queryable, principal: Principal, name: string, exceptId?: number) {
  await db.select({ id: people.id }).from(people).where(eq(people.id, principal.personId)).for('no key update');
  const others = and(
    eq(savedViews.owner_id, principal.personId),
    exceptId === undefined ? undefined : ne(savedViews.id, exceptId),
  );
  const [clash] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(others, sql`lower(${savedViews.name} collate "C") = ${foldCase(name)}`));
  if (clash) throw new AppError('conflict', viewNameTaken(name));
  if (exceptId !== undefined) return;
  const [owned] = await db.select({ n: count() }).from(savedViews).where(others);
  if ((owned?.n ?? 0) >= MAX_VIEWS_PER_USER) throw new AppError('conflict', VIEW_LIMIT_REACHED);
}

const columnsOf = (request: ViewRequest) => ({
  name: request.name,
  shared: request.shared,
  query: request.query,
  columns: request.columns,
  density: request.density,
});

export async function createView(db: Database, principal: Principal, request: ViewRequest): Promise<View> {
  return withWrite(db, actorOf(principal), async (write) => {
    await checkOwnViews(write.tx, principal, request.name);
    const [row] = await write.tx
      .insert(savedViews)
      .values({ owner_id: principal.personId, ...columnsOf(request) })
      .returning();
    if (!row) throw new Error('view not saved');
    write.audit({ action: 'create', entity: 'saved_view', entityId: row.id, after: row });
    return viewOf(row, ownerOf(principal), principal, await readDefaults(write.tx, principal));
  });
}

/** Replaces the principal's own view with the request (a view is saved whole, as the dashboard shows it). */
export async function updateView(db: Database, principal: Principal, id: number, request: ViewRequest): Promise<View> {
  return withWrite(db, actorOf(principal), async (write) => {
    const before = await findOwnView(write.tx, principal, id);
    await checkOwnViews(write.tx, principal, request.name, id);
    const [row] = await write.tx
      .update(savedViews)
      .set({ ...columnsOf(request), updated_at: new Date() })
      .where(eq(savedViews.id, id))
      .returning();
    if (!row) throw new Error('view not saved');
    write.audit({ action: 'update', entity: 'saved_view', entityId: id, before, after: row });
    return viewOf(row, ownerOf(principal), principal, await readDefaults(write.tx, principal));
  });
}

/** Deletes the principal's own view; every default naming it clears with it (the tables' foreign keys). */
export async function deleteView(db: Database, principal: Principal, id: number) {
  await withWrite(db, actorOf(principal), async (write) => {
    const before = await findOwnView(write.tx, principal, id);
    await write.tx.delete(savedViews).where(eq(savedViews.id, id));
    write.audit({ action: 'delete', entity: 'saved_view', entityId: id, before });
  });
}

/** Sets (or, with null, clears) the principal's own default: any view it may open. */
export async function setMyDefault(db: Database, principal: Principal, id: number | null): Promise<ViewDefaults> {
  return withWrite(db, actorOf(principal), async (write) => {
    const { tx } = write;
    const before = await readDefaults(tx, principal);
    if (id === null) {
      await tx.delete(savedViewDefaults).where(eq(savedViewDefaults.person_id, principal.personId));
    } else {
      await findVisibleView(tx, principal, id);
      await tx
        .insert(savedViewDefaults)
        .values({ person_id: principal.personId, view_id: id })
        .onConflictDoUpdate({ target: savedViewDefaults.person_id, set: { view_id: id } });
    }
    const after = await readDefaults(tx, principal);
    write.audit({
      action: 'update',
      entity: 'saved_view_default',
      entityId: principal.personId,
      before: { viewId: before.myDefault },
      after: { viewId: after.myDefault },
    });
    return after;
  });
}

/**
 * Sets (or clears) the organisation's default (Admin): a view of staff shared with staff, which
 * staff without a default of their own open with.
 */
export async function setOrganisationDefault(
  db: Database,
  principal: Principal,
  id: number | null,
): Promise<ViewDefaults> {
  if (!canSetOrganisationDefaultView(principal)) throw new AppError('forbidden', ORGANISATION_DEFAULT_FORBIDDEN);
  return withWrite(db, actorOf(principal), async (write) => {
    const { tx } = write;
    const before = await readDefaults(tx, principal);
    if (id !== null) {
      const [shared] = await tx
        .select({ id: savedViews.id })
        .from(savedViews)
        .innerJoin(people, eq(people.id, savedViews.owner_id))
        .where(and(eq(savedViews.id, id), sharedStaffView));
      if (!shared) {
        await findVisibleView(tx, principal, id);
        throw new AppError('invalid', ORGANISATION_DEFAULT_NOT_SHARED);
      }
    }
    const values = { organisation_default_view_id: id, updated_at: new Date() };
    await tx
      .insert(savedViewSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: savedViewSettings.id, set: values });
    write.audit({
      action: 'update',
      entity: 'saved_view_settings',
      entityId: 1,
      before: { organisationDefaultViewId: before.orgDefault },
      after: { organisationDefaultViewId: id },
    });
    return readDefaults(tx, principal);
  });
}

const ownerOf = (principal: Principal): Owner => ({ name: principal.fullName, email: principal.email });

/**
 * Whom a person's shared views reach, as savedViewScope judges it: staff, one forwarder company
 * (by its key), or nobody (a forwarder without a company).
 */
function circleOf(person: { role: string; company_name: string }): string | null {
  if (!isConfinedToItsCompany(person.role as Role)) return 'staff';
  const key = companyKey(person.company_name);
  return key === '' ? null : `forwarder:${key}`;
}

export const UNSHARED_ON_MOVE =
  'Unshared: its owner moved to another role or company, outside the circle it was shared with.';

/**
 * After a person's role or company changed (inside that write): a view shared within the old
 * circle is unshared, so its filters (which may name the old circle's forwarders) never reach the
 * new one. The owner keeps it and may share it again.
 */
export async function unshareViewsOnMove(
  write: Write,
  before: { id: number; role: string; company_name: string },
  after: { role: string; company_name: string },
) {
  if (circleOf(before) === circleOf(after)) return;
  const previously = await write.tx
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.owner_id, before.id), eq(savedViews.shared, true)));
  if (previously.length === 0) return;
  const unshared = await write.tx
    .update(savedViews)
    .set({ shared: false, updated_at: new Date() })
    .where(and(eq(savedViews.owner_id, before.id), eq(savedViews.shared, true)))
    .returning();
  for (const row of unshared) {
    write.audit({
      action: 'update',
      entity: 'saved_view',
      entityId: row.id,
      before: previously.find((view) => view.id === row.id),
      after: { ...row, reason: UNSHARED_ON_MOVE },
    });
  }
}
