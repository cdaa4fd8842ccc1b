CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_person_id" bigint,
	"actor_email" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "auth_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"document_type" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "line_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" bigint NOT NULL,
	"title" text NOT NULL,
	"po_review_required" integer NOT NULL,
	"ignore_po_character_count" boolean DEFAULT false NOT NULL,
	"hide_lineitem" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_items_title_shipment_key" UNIQUE("title","shipment_id")
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_item_id" bigint NOT NULL,
	"part_number" text NOT NULL,
	"qty" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_line_item_part_key" UNIQUE("line_item_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"role" text DEFAULT 'Employee' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"fireauth_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_email_unique" UNIQUE("email"),
	CONSTRAINT "people_fireauth_id_unique" UNIQUE("fireauth_id"),
	CONSTRAINT "people_role_check" CHECK ("people"."role" in ('Admin', 'Employee', 'Forwarder', 'Manager')),
	CONSTRAINT "people_email_lowercase" CHECK ("people"."email" = lower("people"."email"))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment" text NOT NULL,
	"forwarder_name" text DEFAULT '' NOT NULL,
	"consignee_name" text DEFAULT '' NOT NULL,
	"consignor_name" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"dest" text DEFAULT '' NOT NULL,
	"house" text DEFAULT '' NOT NULL,
	"master" text DEFAULT '' NOT NULL,
	"job_notes" text DEFAULT '' NOT NULL,
	"mode" text DEFAULT '' NOT NULL,
	"container_number" text DEFAULT '' NOT NULL,
	"vessel" text DEFAULT '' NOT NULL,
	"arrival_vessel" text DEFAULT '' NOT NULL,
	"weight" numeric,
	"wtuq" text DEFAULT '' NOT NULL,
	"volume" numeric,
	"voluq" text DEFAULT '' NOT NULL,
	"outer" numeric,
	"packtype" text DEFAULT '' NOT NULL,
	"uq_outer" text DEFAULT '' NOT NULL,
	"obl_received_date" timestamp with time zone,
	"etd" timestamp with time zone,
	"origin_etd" timestamp with time zone,
	"atd" timestamp with time zone,
	"eta" timestamp with time zone,
	"dest_eta" timestamp with time zone,
	"ata" timestamp with time zone,
	"est_delivery" timestamp with time zone,
	"act_delivery" timestamp with time zone,
	"charge" numeric,
	"uq_charge" text DEFAULT '' NOT NULL,
	"trans" text DEFAULT '' NOT NULL,
	"cntr" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_shipment_unique" UNIQUE("shipment")
);
--> statement-breakpoint
ALTER TABLE "auth_account" ADD CONSTRAINT "auth_account_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_entity_id_index" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_index" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "auth_account_user_id_index" ON "auth_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_session_user_id_index" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verification_identifier_index" ON "auth_verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "documents_shipment_id_index" ON "documents" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "documents_created_at_index" ON "documents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "line_items_shipment_id_index" ON "line_items" USING btree ("shipment_id");