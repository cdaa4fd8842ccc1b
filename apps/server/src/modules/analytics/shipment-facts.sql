-- The facts /analytics reads, a row per shipment (shipment_facts). shipment_facts_sync recomputes
-- the shipments named from the normalised tables (array(select id from shipments): all of them);
-- the write path calls it for the shipments it changed (write/with-write.ts, shipment-facts.ts).
-- The line item counts, and the dates the exception rules compare, follow line_item_rows by the
-- triggers below.

-- The first promise is the rule of shipments/first-promise.ts (the oldest value the estimate
-- held); days are UTC days.
CREATE OR REPLACE FUNCTION shipment_facts_sync(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO shipment_facts AS f (
    shipment_id, forwarder_key, forwarder_name, mode, transit_type, origin, dest, consignee_name,
    atd, dest_eta, ata, act_delivery, first_dest_eta, first_est_delivery, dest_eta_set, eta_slips, documents_in_time
  )
  SELECT s.id, lower(btrim(s.forwarder_name) collate "C"), s.forwarder_name, s.mode,
    CASE WHEN s.trans IN ('SEA', 'AIR', 'COU', 'ROA') THEN s.trans ELSE 'N/A' END,
    s.origin, s.dest, s.consignee_name,
    (s.atd AT TIME ZONE 'UTC')::date, (s.dest_eta AT TIME ZONE 'UTC')::date,
    (s.ata AT TIME ZONE 'UTC')::date, (s.act_delivery AT TIME ZONE 'UTC')::date,
    (coalesce((SELECT c.old_value FROM shipment_date_changes c
       WHERE c.shipment_id = s.id AND c.field = 'dest_eta' AND c.old_value IS NOT NULL ORDER BY c.id LIMIT 1),
       s.dest_eta) AT TIME ZONE 'UTC')::date,
    (coalesce((SELECT c.old_value FROM shipment_date_changes c
       WHERE c.shipment_id = s.id AND c.field = 'est_delivery' AND c.old_value IS NOT NULL ORDER BY c.id LIMIT 1),
       s.est_delivery) AT TIME ZONE 'UTC')::date,
    (coalesce((SELECT max(c.changed_at) FROM shipment_date_changes c WHERE c.shipment_id = s.id AND c.field = 'dest_eta'),
       s.created_at) AT TIME ZONE 'UTC')::date,
    (SELECT count(*) FROM shipment_date_changes c
       WHERE c.shipment_id = s.id AND c.field = 'dest_eta' AND c.new_value > c.old_value)::int,
    -- Arrived, with every document due at departure (the checklist for its Mode) uploaded by the day of ATA.
    CASE WHEN s.ata IS NOT NULL THEN NOT EXISTS (
      SELECT 1 FROM required_documents rd WHERE rd.mode IN ('*', s.mode) AND rd.after = 'atd' AND NOT EXISTS (
        SELECT 1 FROM documents d WHERE d.shipment_id = s.id AND d.document_type = rd.document_type
          AND (d.created_at AT TIME ZONE 'UTC')::date <= (s.ata AT TIME ZONE 'UTC')::date)) END
  -- Through the primary key: a filter 'id = any(ids)' would compare each shipment with every id.
  FROM (SELECT DISTINCT unnest(ids) AS id) AS picked
  JOIN shipments s ON s.id = picked.id
  ON CONFLICT (shipment_id) DO UPDATE SET
    forwarder_key = excluded.forwarder_key, forwarder_name = excluded.forwarder_name, mode = excluded.mode,
    transit_type = excluded.transit_type, origin = excluded.origin, dest = excluded.dest,
    consignee_name = excluded.consignee_name, atd = excluded.atd, dest_eta = excluded.dest_eta, ata = excluded.ata,
    act_delivery = excluded.act_delivery, first_dest_eta = excluded.first_dest_eta,
    first_est_delivery = excluded.first_est_delivery, dest_eta_set = excluded.dest_eta_set,
    eta_slips = excluded.eta_slips, documents_in_time = excluded.documents_in_time
$$;

-- Each shipment's line items and part quantity (all, and those not hidden), moved by every change
-- of the read model's rows, as exception-counts.sql keeps exception_counts; and the dates the
-- exception rules compare, which are the shipment's own (the same on each of its rows). A deleted
-- row only subtracts: its shipment may be gone too.
CREATE OR REPLACE FUNCTION shipment_facts_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_facts AS f (shipment_id, line_items, shown_line_items, part_quantity, shown_part_quantity,
    departure_due, arrival_due, delivery_due, eta_slip_days, documents_due, in_transit_updated)
  SELECT shipment_id, count(*), count(*) FILTER (WHERE NOT is_hidden), sum(total_qty),
    coalesce(sum(total_qty) FILTER (WHERE NOT is_hidden), 0), max(departure_due), max(arrival_due),
    max(delivery_due), max(eta_slip_days), max(documents_due), max(in_transit_updated)
  FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (shipment_id) DO UPDATE SET line_items = f.line_items + excluded.line_items,
    shown_line_items = f.shown_line_items + excluded.shown_line_items,
    part_quantity = f.part_quantity + excluded.part_quantity,
    shown_part_quantity = f.shown_part_quantity + excluded.shown_part_quantity,
    departure_due = excluded.departure_due, arrival_due = excluded.arrival_due, delivery_due = excluded.delivery_due,
    eta_slip_days = excluded.eta_slip_days, documents_due = excluded.documents_due,
    in_transit_updated = excluded.in_transit_updated;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION shipment_facts_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_facts AS f (shipment_id, line_items, shown_line_items, part_quantity, shown_part_quantity)
  SELECT shipment_id, sum(sign) AS n, coalesce(sum(sign) FILTER (WHERE NOT is_hidden), 0) AS shown,
      sum(sign * total_qty) AS qty, coalesce(sum(sign * total_qty) FILTER (WHERE NOT is_hidden), 0) AS shown_qty
  FROM (SELECT shipment_id, is_hidden, total_qty, 1 AS sign FROM new_rows
        UNION ALL SELECT shipment_id, is_hidden, total_qty, -1 FROM old_rows) AS moves GROUP BY 1 ORDER BY 1
  ON CONFLICT (shipment_id) DO UPDATE SET line_items = f.line_items + excluded.line_items,
    shown_line_items = f.shown_line_items + excluded.shown_line_items,
    part_quantity = f.part_quantity + excluded.part_quantity,
    shown_part_quantity = f.shown_part_quantity + excluded.shown_part_quantity;
  UPDATE shipment_facts AS f SET departure_due = n.departure_due, arrival_due = n.arrival_due,
    delivery_due = n.delivery_due, eta_slip_days = n.eta_slip_days, documents_due = n.documents_due,
    in_transit_updated = n.in_transit_updated
  FROM (SELECT shipment_id, max(departure_due) AS departure_due, max(arrival_due) AS arrival_due,
          max(delivery_due) AS delivery_due, max(eta_slip_days) AS eta_slip_days, max(documents_due) AS documents_due,
          max(in_transit_updated) AS in_transit_updated
        FROM new_rows GROUP BY 1 ORDER BY 1) AS n
  WHERE f.shipment_id = n.shipment_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION shipment_facts_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shipment_facts AS f SET line_items = f.line_items + m.n, shown_line_items = f.shown_line_items + m.shown,
    part_quantity = f.part_quantity + m.qty, shown_part_quantity = f.shown_part_quantity + m.shown_qty
  FROM (SELECT shipment_id, sum(sign) AS n, coalesce(sum(sign) FILTER (WHERE NOT is_hidden), 0) AS shown,
      sum(sign * total_qty) AS qty, coalesce(sum(sign * total_qty) FILTER (WHERE NOT is_hidden), 0) AS shown_qty
        FROM (SELECT shipment_id, is_hidden, total_qty, -1 AS sign FROM old_rows) AS moves GROUP BY 1 ORDER BY 1) AS m
  WHERE f.shipment_id = m.shipment_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION shipment_facts_count_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shipment_facts SET line_items = 0, shown_line_items = 0, part_quantity = 0, shown_part_quantity = 0;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER shipment_facts_on_insert AFTER INSERT ON line_item_rows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment_facts_count_insert();

CREATE OR REPLACE TRIGGER shipment_facts_on_update AFTER UPDATE ON line_item_rows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment_facts_count_update();

CREATE OR REPLACE TRIGGER shipment_facts_on_delete AFTER DELETE ON line_item_rows
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment_facts_count_delete();

CREATE OR REPLACE TRIGGER shipment_facts_on_truncate AFTER TRUNCATE ON line_item_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shipment_facts_count_clear();

