CREATE TABLE "booking_lane_rules" (
	"position" integer PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"mode" text DEFAULT '' NOT NULL,
	"forwarder_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text GENERATED ALWAYS AS ('BK-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by_name" text NOT NULL,
	"requested_by_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cargo_ready_date" date NOT NULL,
	"lines" jsonb NOT NULL,
	"packages" integer,
	"weight_kg" numeric,
	"volume_cbm" numeric,
	"origin" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"forwarder_name" text,
	"forwarder_key" text,
	"routed_by" text,
	"routed_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"shipment_id" bigint,
	"carrier_booking_reference" text DEFAULT '' NOT NULL,
	CONSTRAINT "booking_requests_status" CHECK ("booking_requests"."status" in ('requested', 'routed', 'confirmed', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_requests_reference" ON "booking_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "booking_requests_purchase_order_id_index" ON "booking_requests" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "booking_requests_forwarder_key_id_index" ON "booking_requests" USING btree ("forwarder_key","id");--> statement-breakpoint
CREATE INDEX "booking_requests_status_id_index" ON "booking_requests" USING btree ("status","id");