CREATE TABLE "purchase_order_proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"proposed_by_name" text NOT NULL,
	"proposed_by_email" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cargo_ready_date" jsonb,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "purchase_order_proposals_kind" CHECK ("purchase_order_proposals"."kind" in ('accept', 'change')),
	CONSTRAINT "purchase_order_proposals_status" CHECK ("purchase_order_proposals"."status" in ('pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "supplier_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_approve_cargo_ready_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_settings_single_row" CHECK ("supplier_settings"."id" = 1),
	CONSTRAINT "supplier_settings_days" CHECK ("supplier_settings"."auto_approve_cargo_ready_days" is null or "supplier_settings"."auto_approve_cargo_ready_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_role_check";--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "cargo_ready_date" date;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "deliveries" jsonb;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "confirmation" text DEFAULT 'awaiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_order_proposals" ADD CONSTRAINT "purchase_order_proposals_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_proposals_purchase_order_id_id_index" ON "purchase_order_proposals" USING btree ("purchase_order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_proposals_one_pending" ON "purchase_order_proposals" USING btree ("purchase_order_id") WHERE "purchase_order_proposals"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_role_check" CHECK ("people"."role" in ('Admin', 'Employee', 'Forwarder', 'Manager', 'Supplier'));--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_confirmation" CHECK ("purchase_orders"."confirmation" in ('awaiting', 'proposed', 'confirmed'));