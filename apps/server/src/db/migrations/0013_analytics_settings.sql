CREATE TABLE "analytics_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"on_time_grace_days" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_settings_single_row" CHECK ("analytics_settings"."id" = 1),
	CONSTRAINT "analytics_settings_grace_days" CHECK ("analytics_settings"."on_time_grace_days" between 0 and 30)
);
