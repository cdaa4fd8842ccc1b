CREATE TABLE "exception_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"eta_slip_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exception_settings_single_row" CHECK ("exception_settings"."id" = 1),
	CONSTRAINT "exception_settings_slip_days" CHECK ("exception_settings"."eta_slip_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "required_documents" (
	"mode" text NOT NULL,
	"document_type" text NOT NULL,
	"after" text NOT NULL,
	CONSTRAINT "required_documents_mode_document_type_pk" PRIMARY KEY("mode","document_type"),
	CONSTRAINT "required_documents_after" CHECK ("required_documents"."after" in ('atd', 'act_delivery'))
);
--> statement-breakpoint
CREATE TABLE "shipment_date_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" bigint NOT NULL,
	"field" text NOT NULL,
	"old_value" timestamp with time zone,
	"new_value" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_person_id" bigint,
	"actor_email" text,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "departure_due" date;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "arrival_due" date;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "delivery_due" date;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "eta_slip_days" integer;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "documents_due" date;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "in_transit_updated" date;--> statement-breakpoint
ALTER TABLE "shipment_date_changes" ADD CONSTRAINT "shipment_date_changes_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_date_changes_shipment_id_field_id_index" ON "shipment_date_changes" USING btree ("shipment_id","field","id");--> statement-breakpoint
-- Date history (issue 19): every change of a shipment's nine dates, written here so that no writer
-- can forget it. The write door (write/with-write.ts) names who and through what for its
-- transaction; a write that bypassed it is recorded as "database".
CREATE FUNCTION record_shipment_date_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_date_changes (shipment_id, field, old_value, new_value, actor_person_id, actor_email, source)
  SELECT NEW.id, c.field, c.old_value, c.new_value,
         nullif(current_setting('quayside.actor_person_id', true), '')::bigint,
         nullif(current_setting('quayside.actor_email', true), ''),
         coalesce(nullif(current_setting('quayside.change_source', true), ''), 'database')
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shipments_date_history AFTER UPDATE ON shipments FOR EACH ROW
WHEN (OLD.etd IS DISTINCT FROM NEW.etd OR OLD.origin_etd IS DISTINCT FROM NEW.origin_etd
   OR OLD.atd IS DISTINCT FROM NEW.atd OR OLD.eta IS DISTINCT FROM NEW.eta
   OR OLD.dest_eta IS DISTINCT FROM NEW.dest_eta OR OLD.ata IS DISTINCT FROM NEW.ata
   OR OLD.est_delivery IS DISTINCT FROM NEW.est_delivery OR OLD.act_delivery IS DISTINCT FROM NEW.act_delivery
   OR OLD.obl_received_date IS DISTINCT FROM NEW.obl_received_date)
EXECUTE FUNCTION record_shipment_date_changes();
--> statement-breakpoint
-- The defaults an Admin starts from: a slip of 3 days, and the document checklist per Mode.
INSERT INTO exception_settings (id, eta_slip_days) VALUES (1, 3);--> statement-breakpoint
INSERT INTO required_documents (mode, document_type, after) VALUES
  ('SEA', 'Bill of Lading', 'atd'),
  ('FCL', 'Bill of Lading', 'atd'),
  ('LCL', 'Bill of Lading', 'atd'),
  ('AIR', 'Airway Bill', 'atd'),
  ('*', 'Commercial Invoice', 'atd'),
  ('*', 'Packing List', 'atd'),
  ('*', 'Proof of Delivery', 'act_delivery');--> statement-breakpoint
-- Existing rows, with the expressions of modules/line-items/line-item-rows.ts (EXCEPTION_BASIS) as
-- they were when this migration was written; there is no history yet, so nothing has slipped.
UPDATE line_item_rows r SET
  departure_due = CASE WHEN s.atd IS NULL THEN (coalesce(s.etd, s.origin_etd) AT TIME ZONE 'UTC')::date END,
  arrival_due = CASE WHEN s.ata IS NULL THEN (s.dest_eta AT TIME ZONE 'UTC')::date END,
  delivery_due = CASE WHEN s.act_delivery IS NULL THEN (s.est_delivery AT TIME ZONE 'UTC')::date END,
  eta_slip_days = CASE WHEN s.ata IS NULL AND s.dest_eta IS NOT NULL THEN 0 END,
  documents_due = (SELECT min(CASE rd.after WHEN 'atd' THEN (s.atd AT TIME ZONE 'UTC')::date
                                          ELSE (s.act_delivery AT TIME ZONE 'UTC')::date END)
      FROM required_documents rd
      WHERE rd.mode IN ('*', s.mode)
        AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.shipment_id = s.id AND d.document_type = rd.document_type)),
  in_transit_updated = CASE WHEN s.atd IS NOT NULL AND s.ata IS NULL THEN (s.updated_at AT TIME ZONE 'UTC')::date END
FROM shipments s WHERE s.id = r.shipment_id;
--> statement-breakpoint
-- Each exception is one range of its column as of a day (modules/exceptions/exception-sql.ts); most
-- rows have none open, so each index holds only the rows that can have it. A forwarder's own: the
-- same with its company first.
CREATE INDEX "line_item_rows_departure_due_index" ON "line_item_rows" ("departure_due") WHERE "departure_due" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_arrival_due_index" ON "line_item_rows" ("arrival_due") WHERE "arrival_due" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_delivery_due_index" ON "line_item_rows" ("delivery_due") WHERE "delivery_due" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_eta_slip_days_index" ON "line_item_rows" ("eta_slip_days") WHERE "eta_slip_days" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_documents_due_index" ON "line_item_rows" ("documents_due") WHERE "documents_due" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_in_transit_updated_index" ON "line_item_rows" ("in_transit_updated") WHERE "in_transit_updated" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_departure_due_index" ON "line_item_rows" ("forwarder_key", "departure_due") INCLUDE ("is_hidden") WHERE "departure_due" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_arrival_due_index" ON "line_item_rows" ("forwarder_key", "arrival_due") INCLUDE ("is_hidden") WHERE "arrival_due" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_delivery_due_index" ON "line_item_rows" ("forwarder_key", "delivery_due") INCLUDE ("is_hidden") WHERE "delivery_due" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_eta_slip_days_index" ON "line_item_rows" ("forwarder_key", "eta_slip_days") INCLUDE ("is_hidden") WHERE "eta_slip_days" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_documents_due_index" ON "line_item_rows" ("forwarder_key", "documents_due") INCLUDE ("is_hidden") WHERE "documents_due" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_in_transit_updated_index" ON "line_item_rows" ("forwarder_key", "in_transit_updated") INCLUDE ("is_hidden") WHERE "in_transit_updated" IS NOT NULL;
