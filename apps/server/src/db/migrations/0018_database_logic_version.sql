CREATE TABLE "database_logic" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"digest" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "database_logic_single_row" CHECK ("database_logic"."id" = 1)
);
