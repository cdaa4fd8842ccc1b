CREATE TABLE "saved_view_defaults" (
	"person_id" bigint PRIMARY KEY NOT NULL,
	"view_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_view_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"organisation_default_view_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_view_settings_single_row" CHECK ("saved_view_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"query" jsonb NOT NULL,
	"columns" jsonb,
	"density" text DEFAULT 'compact' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_density" CHECK ("saved_views"."density" in ('compact', 'comfortable'))
);
--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_settings" ADD CONSTRAINT "saved_view_settings_organisation_default_view_id_saved_views_id_fk" FOREIGN KEY ("organisation_default_view_id") REFERENCES "public"."saved_views"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_people_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_view_defaults_view_id_index" ON "saved_view_defaults" USING btree ("view_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name" ON "saved_views" USING btree ("owner_id",lower("name" collate "C"));--> statement-breakpoint
CREATE INDEX "saved_views_shared" ON "saved_views" USING btree ("owner_id") WHERE "saved_views"."shared";