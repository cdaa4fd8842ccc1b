CREATE TABLE "exception_sweeps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened" integer NOT NULL,
	"closed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_exception_state" (
	"shipment_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"since" date NOT NULL,
	CONSTRAINT "shipment_exception_state_shipment_id_kind_pk" PRIMARY KEY("shipment_id","kind")
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_exception_state" ADD CONSTRAINT "shipment_exception_state_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_id_id_index" ON "shipment_events" USING btree ("shipment_id","id");--> statement-breakpoint
-- Through what the transaction writes (write/with-write.ts names it); "database" when nothing did.
CREATE FUNCTION quayside_change_source() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('quayside.change_source', true), ''), 'database')
$$;
--> statement-breakpoint
-- Events (issue 19): the date history's trigger also records a departure or an arrival when one is
-- first set, and a Dest. ETA moved to a later day, with how many days.
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
--> statement-breakpoint
CREATE FUNCTION record_document_uploaded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_events (shipment_id, kind, detail, source)
  VALUES (NEW.shipment_id, 'document_uploaded',
          jsonb_build_object('documentType', NEW.document_type, 'fileName', NEW.file_name, 'documentId', NEW.id),
          quayside_change_source());
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_uploaded_event AFTER INSERT ON documents FOR EACH ROW
EXECUTE FUNCTION record_document_uploaded();
