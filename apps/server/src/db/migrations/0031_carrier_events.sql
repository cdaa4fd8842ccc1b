CREATE TABLE "carrier_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"integration_id" bigint,
	"sender" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"code" text NOT NULL,
	"classifier" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"event_at_text" text NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"vessel" text DEFAULT '' NOT NULL,
	"equipment" text DEFAULT '' NOT NULL,
	"containers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bookings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipment_id" bigint,
	"outcome" text NOT NULL,
	"applied_field" text,
	"reason" text,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "carrier_events_sender_event" UNIQUE("sender","event_id"),
	CONSTRAINT "carrier_events_outcome" CHECK ("carrier_events"."outcome" in ('applied', 'recorded', 'unmatched', 'ambiguous', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "carrier_integrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"forwarder_name" text,
	"token_hash" text NOT NULL,
	"signing_secret" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "carrier_integrations_name_unique" UNIQUE("name"),
	CONSTRAINT "carrier_integrations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tracking_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "tracking_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "carrier_events" ADD CONSTRAINT "carrier_events_integration_id_carrier_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."carrier_integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_events" ADD CONSTRAINT "carrier_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_events_shipment_id_event_at_index" ON "carrier_events" USING btree ("shipment_id","event_at");--> statement-breakpoint
CREATE INDEX "carrier_events_waiting" ON "carrier_events" USING btree ("id") WHERE "carrier_events"."outcome" in ('unmatched', 'ambiguous');--> statement-breakpoint
CREATE INDEX "tracking_links_shipment_id_index" ON "tracking_links" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "booking_requests_carrier_reference_key" ON "booking_requests" USING btree (upper(regexp_replace("carrier_booking_reference", '[^A-Za-z0-9]+', '', 'g')));--> statement-breakpoint
CREATE INDEX "shipments_containers" ON "shipments" USING gin (regexp_split_to_array(upper("container_number"), '[^A-Z0-9]+'));--> statement-breakpoint
CREATE INDEX "shipments_master_key" ON "shipments" USING btree (upper(regexp_replace("master", '[^A-Za-z0-9]+', '', 'g')));--> statement-breakpoint
CREATE INDEX "shipments_house_key" ON "shipments" USING btree (upper(regexp_replace("house", '[^A-Za-z0-9]+', '', 'g')));