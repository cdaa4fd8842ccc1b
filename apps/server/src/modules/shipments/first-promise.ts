/**
 * The first promise of an estimate of the shipment `s`, as SQL text: the oldest value it ever held,
 * that is the old value of its first recorded change that had one, else (never changed from a
 * value) the value it has. The date history (shipment_date_changes) is where it is kept.
 * Migration 0014's shipment_facts_sync() spells the same rule for the analytics (a SQL function
 * cannot import this): change both together.
 */
export const firstPromiseSql = (field: 'dest_eta' | 'est_delivery') =>
  `coalesce((select c.old_value from shipment_date_changes c
       where c.shipment_id = s.id and c.field = '${field}' and c.old_value is not null order by c.id limit 1),
      s.${field})`;
