CREATE TABLE "line_item_row_changes" (
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"line_item_id" bigint,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "line_item_row_changes_xid_index" ON "line_item_row_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "line_item_row_changes_changed_at_index" ON "line_item_row_changes" USING btree ("changed_at");