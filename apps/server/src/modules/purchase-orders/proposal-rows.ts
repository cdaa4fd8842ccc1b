import type { Proposal } from '@quayside/domain/confirmations';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { isoTimestamp } from '../../db/iso-timestamp.ts';

// A PO's proposals as its page shows them (confirmations.service.ts writes them).

/** A PO's proposals and confirmations, newest first, for its page. */
export async function proposalsOf(db: Queryable, poId: number): Promise<Proposal[]> {
  const rows = await db.execute<Proposal>(sql`
    select id::int as id, kind, status, proposed_by_name as proposed_by,
           ${isoTimestamp('proposed_at')} as proposed_at, note,
           cargo_ready_date, lines,
           case when kind = 'change' and status = 'approved' then coalesce(decided_by, 'automatic approval') else decided_by end as decided_by,
           ${isoTimestamp('decided_at')} as decided_at, decision_note
    from purchase_order_proposals where purchase_order_id = ${poId}
    order by id desc`);
  return rows.rows;
}
