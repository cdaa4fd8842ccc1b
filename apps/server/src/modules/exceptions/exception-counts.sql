-- How many read-model rows have each value of the columns the exception rules compare, per
-- forwarder company, hidden and not (exception_counts): an exception's count is then a sum over one
-- range of values. Statement triggers on line_item_rows move the counts, as line-item-counts.sql
-- does for all rows.

-- The columns the exception rules compare, one row each per read-model row that has a value
-- (exception-sql.ts names the same six: the shipment's own).
CREATE OR REPLACE FUNCTION exception_bases(
  departure_due date, arrival_due date, delivery_due date, eta_slip_days integer, documents_due date,
  in_transit_updated date
) RETURNS TABLE (basis text, value integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT b.basis, b.value FROM (VALUES
    ('departure_due', departure_due - date '1970-01-01'),
    ('arrival_due', arrival_due - date '1970-01-01'),
    ('delivery_due', delivery_due - date '1970-01-01'),
    ('eta_slip_days', eta_slip_days),
    ('documents_due', documents_due - date '1970-01-01'),
    ('in_transit_updated', in_transit_updated - date '1970-01-01')
  ) AS b(basis, value)
  WHERE b.value IS NOT NULL
$$;

-- The same for the columns the purchase order's rules compare (the line item's PO's figures).
CREATE OR REPLACE FUNCTION po_exception_bases(
  po_overdue_from date, po_booking_due date, po_short_qty integer, po_over_shipped_qty integer, po_unknown_skus integer
) RETURNS TABLE (basis text, value integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT b.basis, b.value FROM (VALUES
    ('po_overdue_from', po_overdue_from - date '1970-01-01'),
    ('po_booking_due', po_booking_due - date '1970-01-01'),
    ('po_short_qty', po_short_qty),
    ('po_over_shipped_qty', po_over_shipped_qty),
    ('po_unknown_skus', po_unknown_skus)
  ) AS b(basis, value)
  WHERE b.value IS NOT NULL
$$;

-- And the cargo-ready slip, the purchase order's rule that came later (a function's arguments
-- cannot grow in place: a server of the previous release still calls po_exception_bases).
CREATE OR REPLACE FUNCTION po_slip_bases(po_cargo_ready_slip_days integer)
RETURNS TABLE (basis text, value integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'po_cargo_ready_slip_days', po_cargo_ready_slip_days WHERE po_cargo_ready_slip_days IS NOT NULL
$$;

CREATE OR REPLACE FUNCTION exception_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO exception_counts AS c (forwarder_key, is_hidden, basis, value, count)
  SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, count(*)
  FROM changed_rows r, LATERAL (SELECT * FROM exception_bases(r.departure_due, r.arrival_due, r.delivery_due, r.eta_slip_days, r.documents_due, r.in_transit_updated) UNION ALL SELECT * FROM po_exception_bases(r.po_overdue_from, r.po_booking_due, r.po_short_qty, r.po_over_shipped_qty, r.po_unknown_skus) UNION ALL SELECT * FROM po_slip_bases(r.po_cargo_ready_slip_days)) b GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (forwarder_key, is_hidden, basis, value) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION exception_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE exception_counts AS c SET count = c.count - removed.n
  FROM (SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, count(*) AS n
        FROM changed_rows r, LATERAL (SELECT * FROM exception_bases(r.departure_due, r.arrival_due, r.delivery_due, r.eta_slip_days, r.documents_due, r.in_transit_updated) UNION ALL SELECT * FROM po_exception_bases(r.po_overdue_from, r.po_booking_due, r.po_short_qty, r.po_over_shipped_qty, r.po_unknown_skus) UNION ALL SELECT * FROM po_slip_bases(r.po_cargo_ready_slip_days)) b GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4) AS removed
  WHERE c.forwarder_key = removed.forwarder_key AND c.is_hidden = removed.is_hidden
    AND c.basis = removed.basis AND c.value = removed.value;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION exception_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO exception_counts AS c (forwarder_key, is_hidden, basis, value, count)
  SELECT forwarder_key, is_hidden, basis, value, sum(delta) FROM (
    SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, 1 AS delta FROM new_rows r, LATERAL (SELECT * FROM exception_bases(r.departure_due, r.arrival_due, r.delivery_due, r.eta_slip_days, r.documents_due, r.in_transit_updated) UNION ALL SELECT * FROM po_exception_bases(r.po_overdue_from, r.po_booking_due, r.po_short_qty, r.po_over_shipped_qty, r.po_unknown_skus) UNION ALL SELECT * FROM po_slip_bases(r.po_cargo_ready_slip_days)) b
    UNION ALL
    SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, -1 AS delta FROM old_rows r, LATERAL (SELECT * FROM exception_bases(r.departure_due, r.arrival_due, r.delivery_due, r.eta_slip_days, r.documents_due, r.in_transit_updated) UNION ALL SELECT * FROM po_exception_bases(r.po_overdue_from, r.po_booking_due, r.po_short_qty, r.po_over_shipped_qty, r.po_unknown_skus) UNION ALL SELECT * FROM po_slip_bases(r.po_cargo_ready_slip_days)) b
  ) AS moves GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (forwarder_key, is_hidden, basis, value) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION exception_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM exception_counts;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER exception_counts_on_insert AFTER INSERT ON line_item_rows
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION exception_counts_add();

CREATE OR REPLACE TRIGGER exception_counts_on_delete AFTER DELETE ON line_item_rows
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION exception_counts_remove();

CREATE OR REPLACE TRIGGER exception_counts_on_update AFTER UPDATE ON line_item_rows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION exception_counts_update();

CREATE OR REPLACE TRIGGER exception_counts_on_truncate AFTER TRUNCATE ON line_item_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exception_counts_clear();

-- Each exception is one range of its column as of a day (exception-sql.ts); most rows have none
-- open, so each index holds only the rows that can have it. A forwarder's own: the same with its
-- company first.
CREATE INDEX IF NOT EXISTS "line_item_rows_departure_due_index" ON "line_item_rows" ("departure_due") WHERE "departure_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_arrival_due_index" ON "line_item_rows" ("arrival_due") WHERE "arrival_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_delivery_due_index" ON "line_item_rows" ("delivery_due") WHERE "delivery_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_eta_slip_days_index" ON "line_item_rows" ("eta_slip_days") WHERE "eta_slip_days" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_documents_due_index" ON "line_item_rows" ("documents_due") WHERE "documents_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_in_transit_updated_index" ON "line_item_rows" ("in_transit_updated") WHERE "in_transit_updated" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_po_overdue_from_index" ON "line_item_rows" ("po_overdue_from") WHERE "po_overdue_from" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_po_booking_due_index" ON "line_item_rows" ("po_booking_due") WHERE "po_booking_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_po_cargo_ready_slip_days_index" ON "line_item_rows" ("po_cargo_ready_slip_days") WHERE "po_cargo_ready_slip_days" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_po_short_qty_index" ON "line_item_rows" ("po_short_qty") WHERE "po_short_qty" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_po_over_shipped_qty_index" ON "line_item_rows" ("po_over_shipped_qty") WHERE "po_over_shipped_qty" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_po_unknown_skus_index" ON "line_item_rows" ("po_unknown_skus") WHERE "po_unknown_skus" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_departure_due_index" ON "line_item_rows" ("forwarder_key", "departure_due") INCLUDE ("is_hidden") WHERE "departure_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_arrival_due_index" ON "line_item_rows" ("forwarder_key", "arrival_due") INCLUDE ("is_hidden") WHERE "arrival_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_delivery_due_index" ON "line_item_rows" ("forwarder_key", "delivery_due") INCLUDE ("is_hidden") WHERE "delivery_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_eta_slip_days_index" ON "line_item_rows" ("forwarder_key", "eta_slip_days") INCLUDE ("is_hidden") WHERE "eta_slip_days" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_documents_due_index" ON "line_item_rows" ("forwarder_key", "documents_due") INCLUDE ("is_hidden") WHERE "documents_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_in_transit_updated_index" ON "line_item_rows" ("forwarder_key", "in_transit_updated") INCLUDE ("is_hidden") WHERE "in_transit_updated" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_po_overdue_from_index" ON "line_item_rows" ("forwarder_key", "po_overdue_from") INCLUDE ("is_hidden") WHERE "po_overdue_from" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_po_booking_due_index" ON "line_item_rows" ("forwarder_key", "po_booking_due") INCLUDE ("is_hidden") WHERE "po_booking_due" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_po_cargo_ready_slip_days_index" ON "line_item_rows" ("forwarder_key", "po_cargo_ready_slip_days") INCLUDE ("is_hidden") WHERE "po_cargo_ready_slip_days" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_po_short_qty_index" ON "line_item_rows" ("forwarder_key", "po_short_qty") INCLUDE ("is_hidden") WHERE "po_short_qty" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_po_over_shipped_qty_index" ON "line_item_rows" ("forwarder_key", "po_over_shipped_qty") INCLUDE ("is_hidden") WHERE "po_over_shipped_qty" IS NOT NULL;

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_po_unknown_skus_index" ON "line_item_rows" ("forwarder_key", "po_unknown_skus") INCLUDE ("is_hidden") WHERE "po_unknown_skus" IS NOT NULL;
