CREATE TABLE "undispatched_events" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"rows_before" jsonb
);
--> statement-breakpoint
ALTER TABLE "follows" ADD COLUMN "event_kinds" text[] DEFAULT '{new_exception,eta_slipped,departed,arrived,document_uploaded}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "follows" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "undispatched_events" ADD CONSTRAINT "undispatched_events_event_id_shipment_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."shipment_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A saved filter's query keeps only the parts that say something (the service stores it so), then
-- the same filter followed twice by one person is merged into the first follow.
UPDATE "follows" SET "query" = coalesce(
  (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each("follows"."query") AS e WHERE e.value NOT IN ('""'::jsonb, 'null'::jsonb)),
  '{}'::jsonb)
WHERE "query" IS NOT NULL;--> statement-breakpoint
DELETE FROM "follows" AS "later" USING "follows" AS "first"
WHERE "later"."query" IS NOT NULL AND "first"."person_id" = "later"."person_id"
  AND "first"."query" = "later"."query" AND "first"."id" < "later"."id";--> statement-breakpoint
-- The events recorded but not yet dispatched wait for the new dispatcher.
INSERT INTO "undispatched_events" ("event_id")
SELECT "id" FROM "shipment_events" WHERE "id" > coalesce((SELECT max("last_event_id") FROM "event_dispatch"), 0);--> statement-breakpoint
CREATE UNIQUE INDEX "follows_person_query" ON "follows" USING btree ("person_id",md5(("query")::text));--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_channel" CHECK ("follows"."channel" in ('email', 'digest', 'app'));