CREATE TABLE "exception_counts" (
	"forwarder_key" text NOT NULL,
	"is_hidden" boolean NOT NULL,
	"basis" text NOT NULL,
	"value" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "exception_counts_forwarder_key_is_hidden_basis_value_pk" PRIMARY KEY("forwarder_key","is_hidden","basis","value")
);
--> statement-breakpoint
-- The columns the exception rules compare, one row each per read-model row that has a value
-- (modules/exceptions/exception-sql.ts names the same six).
CREATE FUNCTION exception_bases(
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
--> statement-breakpoint
CREATE FUNCTION exception_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO exception_counts AS c (forwarder_key, is_hidden, basis, value, count)
  SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, count(*)
  FROM changed_rows r, exception_bases(r.departure_due, r.arrival_due, r.delivery_due, r.eta_slip_days, r.documents_due, r.in_transit_updated) b GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (forwarder_key, is_hidden, basis, value) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION exception_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE exception_counts AS c SET count = c.count - removed.n
  FROM (SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, count(*) AS n
        FROM changed_rows r, exception_bases(r.departure_due, r.arrival_due, r.delivery_due, r.eta_slip_days, r.documents_due, r.in_transit_updated) b GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4) AS removed
  WHERE c.forwarder_key = removed.forwarder_key AND c.is_hidden = removed.is_hidden
    AND c.basis = removed.basis AND c.value = removed.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION exception_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO exception_counts AS c (forwarder_key, is_hidden, basis, value, count)
  SELECT forwarder_key, is_hidden, basis, value, sum(delta) FROM (
    SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, 1 AS delta FROM new_rows r, exception_bases(r.departure_due, r.arrival_due, r.delivery_due, r.eta_slip_days, r.documents_due, r.in_transit_updated) b
    UNION ALL
    SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, -1 AS delta FROM old_rows r, exception_bases(r.departure_due, r.arrival_due, r.delivery_due, r.eta_slip_days, r.documents_due, r.in_transit_updated) b
  ) AS moves GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (forwarder_key, is_hidden, basis, value) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION exception_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM exception_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER exception_counts_on_insert AFTER INSERT ON line_item_rows
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION exception_counts_add();
--> statement-breakpoint
CREATE TRIGGER exception_counts_on_delete AFTER DELETE ON line_item_rows
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION exception_counts_remove();
--> statement-breakpoint
CREATE TRIGGER exception_counts_on_update AFTER UPDATE ON line_item_rows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION exception_counts_update();
--> statement-breakpoint
CREATE TRIGGER exception_counts_on_truncate AFTER TRUNCATE ON line_item_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exception_counts_clear();
--> statement-breakpoint
-- Rows that exist before this migration are counted once.
INSERT INTO exception_counts (forwarder_key, is_hidden, basis, value, count)
SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, count(*)
FROM line_item_rows r, exception_bases(r.departure_due, r.arrival_due, r.delivery_due, r.eta_slip_days, r.documents_due, r.in_transit_updated) b GROUP BY 1, 2, 3, 4;
