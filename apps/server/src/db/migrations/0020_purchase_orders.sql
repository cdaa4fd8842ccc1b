CREATE TABLE "purchase_order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor_email" text,
	"source" text NOT NULL,
	"summary" text NOT NULL,
	"line_number" integer,
	"shipment_id" bigint
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"line_number" integer NOT NULL,
	"sku" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ordered_qty" integer NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"unit_price" numeric,
	"requested_date" date,
	"booked_qty" bigint DEFAULT 0 NOT NULL,
	"shipped_qty" bigint DEFAULT 0 NOT NULL,
	"arrived_qty" bigint DEFAULT 0 NOT NULL,
	"received_qty" bigint DEFAULT 0 NOT NULL,
	"short_qty" bigint DEFAULT 0 NOT NULL,
	"last_received_on" date,
	CONSTRAINT "purchase_order_lines_line_key" UNIQUE("purchase_order_id","line_number"),
	CONSTRAINT "purchase_order_lines_sku_key" UNIQUE("purchase_order_id","sku"),
	CONSTRAINT "purchase_order_lines_ordered_qty" CHECK ("purchase_order_lines"."ordered_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"po_number" text NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"order_date" date,
	"cargo_ready_date" date,
	"requested_delivery_date" date,
	"incoterm" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"short_closed_at" timestamp with time zone,
	"short_closed_reason" text,
	"status" text DEFAULT 'open' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"ordered_qty" bigint DEFAULT 0 NOT NULL,
	"booked_qty" bigint DEFAULT 0 NOT NULL,
	"shipped_qty" bigint DEFAULT 0 NOT NULL,
	"arrived_qty" bigint DEFAULT 0 NOT NULL,
	"received_qty" bigint DEFAULT 0 NOT NULL,
	"open_qty" bigint DEFAULT 0 NOT NULL,
	"over_shipped_qty" bigint DEFAULT 0 NOT NULL,
	"short_qty" bigint DEFAULT 0 NOT NULL,
	"unknown_skus" integer DEFAULT 0 NOT NULL,
	"overdue_from" date,
	"booking_due" date,
	"first_departed_on" date,
	"last_received_on" date,
	"search" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_po_number_unique" UNIQUE("po_number"),
	CONSTRAINT "purchase_orders_status" CHECK ("purchase_orders"."status" in ('open', 'partly_shipped', 'shipped', 'received', 'short_closed'))
);
--> statement-breakpoint
CREATE TABLE "purchase_orders_dirty" (
	"tx" bigint NOT NULL,
	"po_number" text NOT NULL,
	CONSTRAINT "purchase_orders_dirty_tx_po_number_pk" PRIMARY KEY("tx","po_number")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"shipment_id" bigint NOT NULL,
	"po_number" text NOT NULL,
	"sku" text NOT NULL,
	"received_qty" integer NOT NULL,
	"reason" text,
	"note" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" text,
	CONSTRAINT "receipts_shipment_id_po_number_sku_pk" PRIMARY KEY("shipment_id","po_number","sku"),
	CONSTRAINT "receipts_received_qty" CHECK ("receipts"."received_qty" >= 0),
	CONSTRAINT "receipts_reason" CHECK ("receipts"."reason" in ('short', 'damaged', 'over', 'other'))
);
--> statement-breakpoint
ALTER TABLE "purchase_order_history" ADD CONSTRAINT "purchase_order_history_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_history_purchase_order_id_at_index" ON "purchase_order_history" USING btree ("purchase_order_id","at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_index" ON "purchase_orders" USING btree ("supplier");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_po_number_index" ON "purchase_orders" USING btree ("status","po_number");--> statement-breakpoint
CREATE INDEX "receipts_po_number_sku_index" ON "receipts" USING btree ("po_number","sku");