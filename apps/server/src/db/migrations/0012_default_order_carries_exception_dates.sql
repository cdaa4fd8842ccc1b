-- The default order's indexes also carry the six dates the exception rules compare, so "any of the
-- six kinds" in the default order is read from the index alone: the newest quarter of line items
-- has none, and walking past them through the table took 361 ms at 1,000,000 (37 ms now;
-- bench/RESULTS.md, issue 19).
DROP INDEX "line_item_rows_dest_eta_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_dest_eta_index" ON "line_item_rows" USING btree ("dest_eta" DESC NULLS LAST, "line_item_id") INCLUDE ("atd", "ata", "est_delivery", "total_qty", "number_of_parts", "departure_due", "arrival_due", "delivery_due", "eta_slip_days", "documents_due", "in_transit_updated");--> statement-breakpoint
DROP INDEX "line_item_rows_forwarder_dest_eta_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_dest_eta_index" ON "line_item_rows" USING btree ("forwarder_key", "dest_eta" DESC NULLS LAST, "line_item_id") INCLUDE ("is_hidden", "atd", "ata", "est_delivery", "total_qty", "number_of_parts", "departure_due", "arrival_due", "delivery_due", "eta_slip_days", "documents_due", "in_transit_updated");
