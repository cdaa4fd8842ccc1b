CREATE TABLE "alert_preferences" (
	"person_id" bigint NOT NULL,
	"event_kind" text NOT NULL,
	"channel" text NOT NULL,
	CONSTRAINT "alert_preferences_person_id_event_kind_pk" PRIMARY KEY("person_id","event_kind"),
	CONSTRAINT "alert_preferences_channel" CHECK ("alert_preferences"."channel" in ('email', 'digest', 'app'))
);
--> statement-breakpoint
CREATE TABLE "event_dispatch" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_dispatch_single_row" CHECK ("event_dispatch"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" bigint NOT NULL,
	"shipment_id" bigint,
	"name" text,
	"query" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_person_shipment" UNIQUE("person_id","shipment_id"),
	CONSTRAINT "follows_one_target" CHECK (("follows"."shipment_id" is null) <> ("follows"."query" is null))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "notifications_person_event" UNIQUE("person_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"last_try_at" timestamp with time zone,
	"next_try_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_hook_event" UNIQUE("webhook_id","event_id"),
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"event_kinds" jsonb NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_shipment_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."shipment_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_shipment_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."shipment_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_shipment_id_index" ON "follows" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "notifications_person_id_id_index" ON "notifications" USING btree ("person_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unmailed" ON "notifications" USING btree ("channel","id") WHERE "notifications"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("next_try_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
-- The dispatcher's place in shipment_events (one row).
INSERT INTO event_dispatch (id, last_event_id) VALUES (1, 0);
