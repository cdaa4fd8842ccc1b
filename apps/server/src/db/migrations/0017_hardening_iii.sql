CREATE TABLE "organisation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"webhook_private_allow_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"follows_per_person" integer DEFAULT 500 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_settings_single_row" CHECK ("organisation_settings"."id" = 1),
	CONSTRAINT "organisation_settings_follows_per_person" CHECK ("organisation_settings"."follows_per_person" between 1 and 100000)
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_outcome" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "backoff_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "paused_reason" text;