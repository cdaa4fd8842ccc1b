import { EXCEPTION_KINDS } from '@quayside/domain/exceptions';
import { PO_EXCEPTION_KINDS } from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/array-parameters.ts';
import type { Database } from '../../db/client.ts';
import { exceptionSweeps } from '../../db/schema.ts';
import { allowLongStatements } from '../../db/statement-timeout.ts';
import { withWrite } from '../../write/with-write.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { anyException, exceptionsOf } from './exception-sql.ts';
import { exceptionContext } from './exceptions.service.ts';

const SWEEP_ACTOR: AuditActor = { personId: null, email: null, source: 'system' };

export type SweepResult = { asOf: string; opened: number; closed: number };

/**
 * The daily sweep (a job, jobs/jobs.ts): compares each shipment's exceptions today (a purchase
 * order's, per PO) with those it had at the last sweep, records a new_exception event for each one
 * it did not have, and forgets those that ended. The first sweep of an installation only takes
 * stock: what was already wrong before anyone could follow it is on the dashboard, not news.
 */
export async function sweepExceptions(
  db: Database,
  clock: () => Date,
  statementTimeoutMs: number | undefined,
): Promise<SweepResult> {
  const startedAt = new Date();
  const context = await exceptionContext(db, clock);
  return withWrite(db, SWEEP_ACTOR, async (write) => {
    const { tx } = write;
    await allowLongStatements(tx, statementTimeoutMs);
    // One sweep at a time, even when two servers' queues both start one.
    await tx.execute(sql`lock table shipment_exception_state in share row exclusive mode`);
    const [previous] = await tx.select({ id: exceptionSweeps.id }).from(exceptionSweeps).limit(1);
    const isFirst = previous === undefined;
    // Every line item of a shipment carries the same dates, so each shipment answers once; a
    // purchase order's exception once per PO (its subject), so a second PO falling short is news.
    const result = await tx.execute<{ opened: number; closed: number }>(sql`
      with current_exceptions as (
        select distinct r.shipment_id, k.kind,
               case when k.kind = any(${textArray(PO_EXCEPTION_KINDS)}) then r.title else '' end as subject
        from line_item_rows r, unnest(${exceptionsOf(context)}) as k(kind)
        where ${anyException(EXCEPTION_KINDS, context)}
      ),
      opened as (
        insert into shipment_exception_state (shipment_id, kind, subject, since)
        select shipment_id, kind, subject, ${context.today}::date from current_exceptions
        on conflict do nothing
        returning shipment_id, kind
      ),
      closed as (
        delete from shipment_exception_state s
        where not exists (
          select 1 from current_exceptions c
          where c.shipment_id = s.shipment_id and c.kind = s.kind and c.subject = s.subject
        )
        returning 1
      ),
      announced as (
        insert into shipment_events (shipment_id, kind, detail, source)
        select shipment_id, 'new_exception', jsonb_build_object('exception', kind), 'system'
        from opened where not ${isFirst}
        returning 1
      )
      select (select count(*) from opened)::int as opened,
             (select count(*) from closed)::int as closed,
             (select count(*) from announced)::int as announced`);
    const { opened = 0, closed = 0 } = result.rows[0] ?? {};
    const [sweep] = await tx
      .insert(exceptionSweeps)
      .values({ as_of: context.today, started_at: startedAt, opened, closed })
      .returning();
    write.audit({ action: 'create', entity: 'exception_sweep', entityId: sweep?.id ?? null, after: sweep });
    return { asOf: context.today, opened, closed };
  });
}
