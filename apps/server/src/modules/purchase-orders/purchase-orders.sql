-- Purchase orders' figures, kept in step with what ships and what is received.
--
-- A PO line's figures (packages/domain/src/purchase-orders.ts, reconcilePurchaseOrder, is the
-- definition) come from the parts carried under its number (line items whose title is the PO
-- number, parts whose part number is the SKU) and the receipts. Every write that can move them
-- marks the PO numbers it touched in purchase_orders_dirty: the triggers below for shipments' ATD
-- and ATA, line items and parts and receipts, the PO writers themselves for a PO's own fields. The
-- write door (write/with-write.ts) calls purchase_orders_sync_dirty() before the commit, which
-- recomputes those POs alone, so a shipment save touches only its own POs' lines.

-- What the dashboard's row of a line item carries of its PO, the one numbered `number` (its title):
-- the status (the PO # links to the PO's page when there is one), and what the PO exceptions are
-- decided on (modules/exceptions/exception-sql.ts), each null while the PO is closed, when it has
-- none, or when the figure is nothing. No row when no PO has that number. line-item-rows.ts writes
-- a row with it, purchase_orders_sync below rewrites the rows of the POs it recomputes.
CREATE OR REPLACE FUNCTION purchase_order_row_basis(number text) RETURNS TABLE (
  po_status text, po_overdue_from date, po_booking_due date, po_short_qty integer,
  po_over_shipped_qty integer, po_unknown_skus integer
) LANGUAGE sql STABLE AS $$
  SELECT po.status, o.overdue_from, o.booking_due, o.short_qty, o.over_shipped_qty, o.unknown_skus
  FROM purchase_orders po
  LEFT JOIN LATERAL (
    SELECT po.overdue_from, po.booking_due,
           nullif(least(po.short_qty, 2147483647), 0)::int AS short_qty,
           nullif(least(po.over_shipped_qty, 2147483647), 0)::int AS over_shipped_qty,
           nullif(po.unknown_skus, 0) AS unknown_skus
    WHERE po.status NOT IN ('received', 'short_closed')
  ) o ON true
  WHERE po.po_number = number
$$;

-- How many days the PO numbered `number` has slipped its first cargo-ready date (the row's
-- po_cargo_ready_slip_days, beside purchase_order_row_basis's facts): null while it is closed or has
-- not slipped, or when no PO has that number.
CREATE OR REPLACE FUNCTION purchase_order_cargo_ready_slip(number text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN po.status NOT IN ('received', 'short_closed') THEN po.cargo_ready_slip_days END
  FROM purchase_orders po WHERE po.po_number = number
$$;

-- Recomputes the figures of the POs numbered `numbers` (unknown numbers are skipped).
CREATE OR REPLACE FUNCTION purchase_orders_sync(numbers text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS po_sync_figures (
    po_number text, sku text, booked bigint, shipped bigint, arrived bigint,
    received bigint, short bigint, received_on date
  ) ON COMMIT DELETE ROWS;
  DELETE FROM po_sync_figures;

  -- Per (PO, SKU): what is carried, by where the shipment is, and what receipts say.
  INSERT INTO po_sync_figures
  WITH carried AS (
    SELECT li.title AS po_number, p.part_number AS sku,
           coalesce(sum(p.qty) FILTER (WHERE s.atd IS NULL AND s.ata IS NULL), 0) AS booked,
           coalesce(sum(p.qty) FILTER (WHERE s.atd IS NOT NULL OR s.ata IS NOT NULL), 0) AS shipped,
           coalesce(sum(p.qty) FILTER (WHERE s.ata IS NOT NULL), 0) AS arrived
    FROM line_items li
    JOIN shipments s ON s.id = li.shipment_id
    JOIN parts p ON p.line_item_id = li.id
    WHERE li.title = ANY(numbers)
    GROUP BY 1, 2
  ), received AS (
    SELECT r.po_number, r.sku, sum(r.received_qty) AS received,
           sum(greatest(coalesce(p.qty, 0) - r.received_qty, 0)) AS short,
           max((r.received_at AT TIME ZONE 'UTC')::date) AS received_on
    FROM receipts r
    LEFT JOIN line_items li ON li.title = r.po_number AND li.shipment_id = r.shipment_id
    LEFT JOIN parts p ON p.line_item_id = li.id AND p.part_number = r.sku
    WHERE r.po_number = ANY(numbers)
    GROUP BY 1, 2
  )
  SELECT coalesce(c.po_number, r.po_number), coalesce(c.sku, r.sku),
         coalesce(c.booked, 0), coalesce(c.shipped, 0), coalesce(c.arrived, 0),
         coalesce(r.received, 0), coalesce(r.short, 0), r.received_on
  FROM carried c FULL JOIN received r ON r.po_number = c.po_number AND r.sku = c.sku;

  -- Joined once, not a subquery per line: an import's 100,000 POs are one hash join, not a scan
  -- of the figures for each line. A line whose figures did not move is left as it is.
  UPDATE purchase_order_lines l
  SET booked_qty = x.booked, shipped_qty = x.shipped, arrived_qty = x.arrived,
      received_qty = x.received, short_qty = x.short, last_received_on = x.received_on
  FROM (
    SELECT ln.id, coalesce(f.booked, 0) AS booked, coalesce(f.shipped, 0) AS shipped, coalesce(f.arrived, 0) AS arrived,
           coalesce(f.received, 0) AS received, coalesce(f.short, 0) AS short, f.received_on
    FROM purchase_orders po
    JOIN purchase_order_lines ln ON ln.purchase_order_id = po.id
    LEFT JOIN po_sync_figures f ON f.po_number = po.po_number AND f.sku = ln.sku
    WHERE po.po_number = ANY(numbers)
  ) x
  WHERE l.id = x.id
    AND (l.booked_qty, l.shipped_qty, l.arrived_qty, l.received_qty, l.short_qty, l.last_received_on)
        IS DISTINCT FROM (x.booked, x.shipped, x.arrived, x.received, x.short, x.received_on);

  -- Per PO, the SKUs carried or received under it that it does not order, and its last receipt:
  -- grouped once over the figures (materialized), not once per PO.
  WITH per_po AS MATERIALIZED (
    SELECT f.po_number,
           count(*) FILTER (WHERE NOT EXISTS (
             SELECT 1 FROM purchase_orders o JOIN purchase_order_lines l ON l.purchase_order_id = o.id
             WHERE o.po_number = f.po_number AND l.sku = f.sku))::int AS skus,
           sum(f.short) FILTER (WHERE NOT EXISTS (
             SELECT 1 FROM purchase_orders o JOIN purchase_order_lines l ON l.purchase_order_id = o.id
             WHERE o.po_number = f.po_number AND l.sku = f.sku)) AS short,
           max(f.received_on) AS last_received_on
    FROM po_sync_figures f
    GROUP BY f.po_number
  )
  UPDATE purchase_orders po
  SET line_count = t.line_count, ordered_qty = t.ordered, booked_qty = t.booked, shipped_qty = t.shipped,
      arrived_qty = t.arrived, received_qty = t.received, open_qty = t.open, over_shipped_qty = t.over,
      short_qty = t.short + coalesce(u.short, 0), unknown_skus = coalesce(u.skus, 0),
      status = CASE
        WHEN po.short_closed_at IS NOT NULL THEN 'short_closed'
        WHEN t.line_count > 0 AND t.all_received THEN 'received'
        WHEN t.line_count > 0 AND t.open = 0 THEN 'shipped'
        WHEN t.shipped > 0 THEN 'partly_shipped'
        ELSE 'open' END,
      overdue_from = t.overdue_from,
      booking_due = t.booking_due,
      -- The first cargo-ready date is kept from the PO's first sync on; the next one to book slips past it.
      first_cargo_ready_date = coalesce(p.first_cargo_ready_date, p.cargo_ready_date),
      cargo_ready_slip_days = CASE WHEN t.booking_due > coalesce(p.first_cargo_ready_date, p.cargo_ready_date)
        THEN t.booking_due - coalesce(p.first_cargo_ready_date, p.cargo_ready_date) END,
      first_departed_on = d.first_departed_on,
      last_received_on = u.last_received_on,
      search = lower(po.po_number || ' ' || po.supplier || coalesce(' ' || t.skus, ''))
  FROM purchase_orders p
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS line_count,
           coalesce(sum(l.ordered_qty), 0) AS ordered, coalesce(sum(l.booked_qty), 0) AS booked,
           coalesce(sum(l.shipped_qty), 0) AS shipped, coalesce(sum(l.arrived_qty), 0) AS arrived,
           coalesce(sum(l.received_qty), 0) AS received,
           coalesce(sum(greatest(l.ordered_qty - l.shipped_qty, 0)), 0) AS open,
           coalesce(sum(greatest(l.shipped_qty - l.ordered_qty, 0)), 0) AS over,
           coalesce(sum(l.short_qty), 0) AS short,
           coalesce(bool_and(l.received_qty >= l.ordered_qty), false) AS all_received,
           -- A line's booking is due from its cargo-ready date (its own, else the PO's) while part of it is
           -- neither booked nor shipped; a split line's, from the first delivery that is not yet covered.
           min(CASE WHEN l.deliveries IS NULL THEN
                 CASE WHEN l.ordered_qty > l.booked_qty + l.shipped_qty THEN coalesce(l.cargo_ready_date, p.cargo_ready_date) END
               ELSE (SELECT min((d.e ->> 'cargo_ready_date')::date)
                     FROM (SELECT a.e, sum((a.e ->> 'qty')::bigint) OVER (ORDER BY a.n) AS upto
                           FROM jsonb_array_elements(l.deliveries) WITH ORDINALITY AS a(e, n)) d
                     WHERE d.upto > l.booked_qty + l.shipped_qty) END) AS booking_due,
           min(coalesce(l.requested_date, p.requested_delivery_date)) FILTER (WHERE l.ordered_qty > l.shipped_qty) AS overdue_from,
           string_agg(l.sku, ' ' ORDER BY l.line_number) AS skus
    FROM purchase_order_lines l WHERE l.purchase_order_id = p.id
  ) t
  LEFT JOIN per_po u ON u.po_number = p.po_number
  CROSS JOIN LATERAL (
    SELECT min((coalesce(s.atd, s.ata) AT TIME ZONE 'UTC')::date) AS first_departed_on
    FROM line_items li JOIN shipments s ON s.id = li.shipment_id
    WHERE li.title = p.po_number AND (s.atd IS NOT NULL OR s.ata IS NOT NULL)
  ) d
  WHERE p.po_number = ANY(numbers) AND po.id = p.id;

  -- Their line items' dashboard rows, only those whose PO facts moved: the exception counts'
  -- triggers then move only what changed.
  UPDATE line_item_rows r
  SET (po_status, po_overdue_from, po_booking_due, po_short_qty, po_over_shipped_qty, po_unknown_skus,
       po_cargo_ready_slip_days) =
      (b.po_status, b.po_overdue_from, b.po_booking_due, b.po_short_qty, b.po_over_shipped_qty, b.po_unknown_skus,
       slip.days)
  FROM unnest(numbers) AS n(number)
  CROSS JOIN LATERAL purchase_order_row_basis(n.number) b
  CROSS JOIN LATERAL purchase_order_cargo_ready_slip(n.number) AS slip(days)
  WHERE r.title = n.number
    AND (r.po_status, r.po_overdue_from, r.po_booking_due, r.po_short_qty, r.po_over_shipped_qty, r.po_unknown_skus,
         r.po_cargo_ready_slip_days)
        IS DISTINCT FROM
        (b.po_status, b.po_overdue_from, b.po_booking_due, b.po_short_qty, b.po_over_shipped_qty, b.po_unknown_skus,
         slip.days);

  -- The forwarder companies that see each of them (a line item of theirs that is not hidden), and
  -- the PO's figures as each sees them: what its own shipments carry and what their receipts say.
  -- By the POs' ids as an array: joined to purchase_orders, the planner reads the whole table.
  DELETE FROM purchase_order_forwarders
  WHERE purchase_order_id = ANY(ARRAY(SELECT id FROM purchase_orders WHERE po_number = ANY(numbers)));
  INSERT INTO purchase_order_forwarders (
    forwarder_key, purchase_order_id, po_number, status, line_count, shipped_qty, received_qty,
    short_qty, unknown_skus, search)
  WITH seen AS (
    SELECT po.id AS purchase_order_id, lower(btrim(s.forwarder_name) COLLATE "C") AS forwarder_key,
           li.id AS line_item_id, li.shipment_id, li.title AS po_number,
           (s.atd IS NOT NULL OR s.ata IS NOT NULL) AS departed
    FROM purchase_orders po
    JOIN line_items li ON li.title = po.po_number
    JOIN shipments s ON s.id = li.shipment_id
    WHERE po.po_number = ANY(numbers) AND NOT li.hide_lineitem AND btrim(s.forwarder_name) <> ''
  ), carried AS (
    SELECT seen.purchase_order_id, seen.forwarder_key,
           coalesce(sum(coalesce(p.qty, 0)) FILTER (WHERE seen.departed AND l.id IS NOT NULL), 0) AS shipped,
           count(DISTINCT p.part_number) FILTER (WHERE l.id IS NOT NULL)::int AS lines,
           count(DISTINCT p.part_number) FILTER (WHERE p.part_number IS NOT NULL AND l.id IS NULL)::int AS unknown,
           string_agg(DISTINCT p.part_number, ' ') FILTER (WHERE l.id IS NOT NULL) AS skus
    FROM seen
    LEFT JOIN parts p ON p.line_item_id = seen.line_item_id
    LEFT JOIN purchase_order_lines l ON l.purchase_order_id = seen.purchase_order_id AND l.sku = p.part_number
    GROUP BY 1, 2
  ), received AS (
    SELECT seen.purchase_order_id, seen.forwarder_key,
           coalesce(sum(r.received_qty) FILTER (WHERE l.id IS NOT NULL), 0) AS received,
           coalesce(sum(greatest(coalesce(p.qty, 0) - r.received_qty, 0)), 0) AS short
    FROM seen
    JOIN receipts r ON r.po_number = seen.po_number AND r.shipment_id = seen.shipment_id
    LEFT JOIN parts p ON p.line_item_id = seen.line_item_id AND p.part_number = r.sku
    LEFT JOIN purchase_order_lines l ON l.purchase_order_id = seen.purchase_order_id AND l.sku = r.sku
    GROUP BY 1, 2
  )
  SELECT c.forwarder_key, po.id, po.po_number,
         CASE WHEN po.status IN ('received', 'short_closed') THEN po.status
              WHEN c.shipped > 0 THEN 'partly_shipped' ELSE 'open' END,
         c.lines, c.shipped, coalesce(r.received, 0), coalesce(r.short, 0), c.unknown,
         lower(po.po_number || ' ' || po.supplier || coalesce(' ' || c.skus, ''))
  FROM carried c
  JOIN purchase_orders po ON po.id = c.purchase_order_id
  LEFT JOIN received r ON r.purchase_order_id = c.purchase_order_id AND r.forwarder_key = c.forwarder_key;
END $$;

-- Recomputes the POs this transaction marked, and forgets them.
CREATE OR REPLACE FUNCTION purchase_orders_sync_dirty() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  numbers text[];
BEGIN
  WITH done AS (DELETE FROM purchase_orders_dirty WHERE tx = txid_current() RETURNING po_number)
  SELECT array_agg(po_number) INTO numbers FROM done;
  IF numbers IS NOT NULL THEN PERFORM purchase_orders_sync(numbers); END IF;
END $$;

-- Marks PO numbers touched by this transaction, those of a PO that exists.
CREATE OR REPLACE FUNCTION purchase_orders_mark(numbers text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO purchase_orders_dirty (tx, po_number)
  SELECT DISTINCT txid_current(), po.po_number FROM purchase_orders po WHERE po.po_number = ANY(numbers)
  ON CONFLICT DO NOTHING;
$$;

-- Statement-level triggers with their transition tables: one statement per write, however many rows
-- an import writes. Each trigger names the tables its operation has (new_rows, old_rows).

CREATE OR REPLACE FUNCTION purchase_orders_mark_from_parts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM purchase_orders_mark(array(
      SELECT DISTINCT li.title FROM new_rows p JOIN line_items li ON li.id = p.line_item_id));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM purchase_orders_mark(array(
      SELECT DISTINCT li.title FROM old_rows p JOIN line_items li ON li.id = p.line_item_id));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION purchase_orders_mark_from_line_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM purchase_orders_mark(array(SELECT DISTINCT title FROM new_rows));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM purchase_orders_mark(array(SELECT DISTINCT title FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION purchase_orders_mark_from_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM purchase_orders_mark(array(
    SELECT DISTINCT li.title
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN line_items li ON li.shipment_id = n.id
    WHERE n.atd IS DISTINCT FROM o.atd OR n.ata IS DISTINCT FROM o.ata
       OR n.forwarder_name IS DISTINCT FROM o.forwarder_name));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION purchase_orders_mark_from_receipts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM purchase_orders_mark(array(SELECT DISTINCT po_number FROM new_rows));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM purchase_orders_mark(array(SELECT DISTINCT po_number FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER purchase_orders_parts_inserted AFTER INSERT ON parts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_parts();
CREATE OR REPLACE TRIGGER purchase_orders_parts_updated AFTER UPDATE ON parts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_parts();
CREATE OR REPLACE TRIGGER purchase_orders_parts_deleted AFTER DELETE ON parts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_parts();

CREATE OR REPLACE TRIGGER purchase_orders_line_items_inserted AFTER INSERT ON line_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_line_items();
CREATE OR REPLACE TRIGGER purchase_orders_line_items_updated AFTER UPDATE ON line_items
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_line_items();
CREATE OR REPLACE TRIGGER purchase_orders_line_items_deleted AFTER DELETE ON line_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_line_items();

CREATE OR REPLACE TRIGGER purchase_orders_shipments_updated AFTER UPDATE ON shipments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_shipments();

CREATE OR REPLACE TRIGGER purchase_orders_receipts_inserted AFTER INSERT ON receipts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_receipts();
CREATE OR REPLACE TRIGGER purchase_orders_receipts_updated AFTER UPDATE ON receipts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_receipts();
CREATE OR REPLACE TRIGGER purchase_orders_receipts_deleted AFTER DELETE ON receipts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_mark_from_receipts();

-- The list's questions: search by trigram, each sort by its own index, ties by number.
CREATE INDEX IF NOT EXISTS "purchase_orders_search_index" ON "purchase_orders" USING gin ("search" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "purchase_orders_number_c_index" ON "purchase_orders" ((po_number COLLATE "C"));
CREATE INDEX IF NOT EXISTS "purchase_orders_overdue_index" ON "purchase_orders" (overdue_from) WHERE overdue_from IS NOT NULL;
CREATE INDEX IF NOT EXISTS "purchase_orders_booking_due_index" ON "purchase_orders" (booking_due) WHERE booking_due IS NOT NULL;
CREATE INDEX IF NOT EXISTS "purchase_order_lines_sku_index" ON "purchase_order_lines" (sku);
-- Each of the list's sorts walks its own index, ties by number in the same direction (purchase-order-sql.ts
-- spells the expressions as these do).
CREATE INDEX IF NOT EXISTS "purchase_orders_supplier_sort_index" ON "purchase_orders" (supplier, (po_number COLLATE "C"));
CREATE INDEX IF NOT EXISTS "purchase_orders_order_date_sort_index" ON "purchase_orders" (order_date, (po_number COLLATE "C"));
CREATE INDEX IF NOT EXISTS "purchase_orders_cargo_ready_sort_index" ON "purchase_orders" (cargo_ready_date, (po_number COLLATE "C"));
CREATE INDEX IF NOT EXISTS "purchase_orders_requested_sort_index" ON "purchase_orders" (requested_delivery_date, (po_number COLLATE "C"));
CREATE INDEX IF NOT EXISTS "purchase_orders_status_sort_index" ON "purchase_orders" (
  (CASE status WHEN 'open' THEN 0 WHEN 'partly_shipped' THEN 1 WHEN 'shipped' THEN 2 WHEN 'received' THEN 3 ELSE 4 END),
  (po_number COLLATE "C"));
CREATE INDEX IF NOT EXISTS "purchase_orders_ordered_sort_index" ON "purchase_orders" (ordered_qty, (po_number COLLATE "C"));
CREATE INDEX IF NOT EXISTS "purchase_orders_open_sort_index" ON "purchase_orders" (open_qty, (po_number COLLATE "C"));
-- The rare chips and exception kinds: few POs fall short, over-ship or carry an unknown SKU.
CREATE INDEX IF NOT EXISTS "purchase_orders_short_index" ON "purchase_orders" (short_qty) WHERE short_qty > 0;
CREATE INDEX IF NOT EXISTS "purchase_orders_over_shipped_index" ON "purchase_orders" (over_shipped_qty) WHERE over_shipped_qty > 0;
CREATE INDEX IF NOT EXISTS "purchase_orders_unknown_skus_index" ON "purchase_orders" (unknown_skus) WHERE unknown_skus > 0;
CREATE INDEX IF NOT EXISTS "purchase_orders_cargo_ready_slip_index" ON "purchase_orders" (cargo_ready_slip_days) WHERE cargo_ready_slip_days > 0;
-- A Forwarder's list: its POs by number or status (its other sorts walk the PO's own indexes,
-- looking each up here), and its rare chips.
CREATE INDEX IF NOT EXISTS "purchase_order_forwarders_number_index" ON "purchase_order_forwarders" (
  forwarder_key, (po_number COLLATE "C"));
CREATE INDEX IF NOT EXISTS "purchase_order_forwarders_status_index" ON "purchase_order_forwarders" (
  forwarder_key,
  (CASE status WHEN 'open' THEN 0 WHEN 'partly_shipped' THEN 1 WHEN 'shipped' THEN 2 WHEN 'received' THEN 3 ELSE 4 END),
  (po_number COLLATE "C"));
CREATE INDEX IF NOT EXISTS "purchase_order_forwarders_short_index" ON "purchase_order_forwarders" (forwarder_key) WHERE short_qty > 0;
CREATE INDEX IF NOT EXISTS "purchase_order_forwarders_unknown_skus_index" ON "purchase_order_forwarders" (forwarder_key) WHERE unknown_skus > 0;
-- A supplier contact's list: its company's POs by number (visibility.ts supplierKeySql spells the key).
CREATE INDEX IF NOT EXISTS "purchase_orders_supplier_key_index" ON "purchase_orders" (
  (lower(btrim(supplier) COLLATE "C")), (po_number COLLATE "C"));
