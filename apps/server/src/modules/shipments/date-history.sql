-- What happens when a shipment's dates change. Every change of its nine dates is a row of
-- shipment_date_changes, written here so that no writer can forget it; the same trigger records a
-- departure or an arrival when one is first set, and a Dest. ETA moved to a later day (with how
-- many days), as shipment_events (the other event kinds: alerts/shipment-events.sql and the
-- exception sweep). The write door (write/with-write.ts) names who and through what for its
-- transaction; a write that bypassed it is recorded as "database".

-- Through what the transaction writes; "database" when nothing said.
CREATE OR REPLACE FUNCTION quayside_change_source() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('quayside.change_source', true), ''), 'database')
$$;

CREATE OR REPLACE FUNCTION record_shipment_date_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_date_changes (shipment_id, field, old_value, new_value, actor_person_id, actor_email, source)
  SELECT NEW.id, c.field, c.old_value, c.new_value,
         nullif(current_setting('quayside.actor_person_id', true), '')::bigint,
         nullif(current_setting('quayside.actor_email', true), ''),
         quayside_change_source()
  FROM (VALUES
    ('etd', OLD.etd, NEW.etd),
    ('origin_etd', OLD.origin_etd, NEW.origin_etd),
    ('atd', OLD.atd, NEW.atd),
    ('eta', OLD.eta, NEW.eta),
    ('dest_eta', OLD.dest_eta, NEW.dest_eta),
    ('ata', OLD.ata, NEW.ata),
    ('est_delivery', OLD.est_delivery, NEW.est_delivery),
    ('act_delivery', OLD.act_delivery, NEW.act_delivery),
    ('obl_received_date', OLD.obl_received_date, NEW.obl_received_date)
  ) AS c(field, old_value, new_value)
  WHERE c.old_value IS DISTINCT FROM c.new_value;

  INSERT INTO shipment_events (shipment_id, kind, detail, source)
  SELECT NEW.id, e.kind, e.detail, quayside_change_source()
  FROM (VALUES
    ('departed', CASE WHEN OLD.atd IS NULL AND NEW.atd IS NOT NULL
      THEN jsonb_build_object('date', NEW.atd) END),
    ('arrived', CASE WHEN OLD.ata IS NULL AND NEW.ata IS NOT NULL
      THEN jsonb_build_object('date', NEW.ata) END),
    ('eta_slipped', CASE WHEN (NEW.dest_eta AT TIME ZONE 'UTC')::date > (OLD.dest_eta AT TIME ZONE 'UTC')::date
      THEN jsonb_build_object('from', OLD.dest_eta, 'to', NEW.dest_eta,
        'days', (NEW.dest_eta AT TIME ZONE 'UTC')::date - (OLD.dest_eta AT TIME ZONE 'UTC')::date) END)
  ) AS e(kind, detail)
  WHERE e.detail IS NOT NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER shipments_date_history AFTER UPDATE ON shipments FOR EACH ROW
WHEN (OLD.etd IS DISTINCT FROM NEW.etd OR OLD.origin_etd IS DISTINCT FROM NEW.origin_etd
   OR OLD.atd IS DISTINCT FROM NEW.atd OR OLD.eta IS DISTINCT FROM NEW.eta
   OR OLD.dest_eta IS DISTINCT FROM NEW.dest_eta OR OLD.ata IS DISTINCT FROM NEW.ata
   OR OLD.est_delivery IS DISTINCT FROM NEW.est_delivery OR OLD.act_delivery IS DISTINCT FROM NEW.act_delivery
   OR OLD.obl_received_date IS DISTINCT FROM NEW.obl_received_date)
EXECUTE FUNCTION record_shipment_date_changes();


-- The dashboard's 'changed in the last N hours/days' filters (line-items/line-item-sql.ts) find a
-- date's recent changes by this index, whatever the size of the history.
CREATE INDEX IF NOT EXISTS shipment_date_changes_field_changed_at_index
  ON shipment_date_changes (field, changed_at, shipment_id);
