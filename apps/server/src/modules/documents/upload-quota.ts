import { isConfinedToItsCompany } from '@quayside/domain/permissions';
import { companyKey } from '@quayside/domain/text';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { forwarderKeySql } from '../../auth/visibility.ts';
import type { Queryable } from '../../db/client.ts';
import { documents, people } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { limitDisplay } from './staged-upload.ts';

/** The operator is named as the sign-in screens name it (ORG_NAME); the setting is no forwarder's business. */
export const quotaExceeded = (quotaBytes: number, orgName: string) =>
  `Your company's documents have reached the upload quota of ${limitDisplay(quotaBytes)}. ` +
  `Ask the ${orgName} team to raise it or to make room.`;

/**
 * Refuses (413) a forwarder's upload that would take its company's stored documents past the
 * quota: one company's uploads cannot fill the disk that every company's documents share.
 * Staff have no quota. With `incomingBytes` 0 it asks whether there is any room left at all.
 */
export async function assertUploadQuota(
  db: Queryable,
  principal: Principal,
  quota: { bytes: number; orgName: string },
  incomingBytes = 0,
) {
  if (!isConfinedToItsCompany(principal.role)) return;
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${documents.size_bytes}), 0)::text` })
    .from(documents)
    .innerJoin(people, eq(people.id, documents.uploaded_by))
    .where(
      and(
        // One company however its people's company names are spaced or cased, as visibility compares them.
        sql`${forwarderKeySql(sql`${people.company_name}`)} = ${companyKey(principal.company)}`,
        eq(people.role, 'Forwarder'),
      ),
    );
  const used = Number(row?.used ?? 0);
  const isFull = incomingBytes === 0 ? used >= quota.bytes : used + incomingBytes > quota.bytes;
  if (isFull) throw new AppError('too_large', quotaExceeded(quota.bytes, quota.orgName));
}
