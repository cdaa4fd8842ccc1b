-- Ties in a chosen sort are broken by line item id in the direction of its last column, and every
-- sort index ends with the id: a sort on one column is then one index, read forwards or backwards,
-- however many rows share a value. Without it every run of equal values was sorted apart: a forwarder,
-- port or consignee shares its value with 100,000-300,000 rows, and "Consignee, descending" took
-- 521 ms for its first page at 1,000,000 line items (1.2 ms with the id in the index;
-- bench/RESULTS.md, issue 23). Same indexes, each 8 bytes wider a row.
DROP INDEX "line_item_rows_atd_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_atd_index" ON "line_item_rows" USING btree ("atd" NULLS FIRST, "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_ata_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_ata_index" ON "line_item_rows" USING btree ("ata" NULLS FIRST, "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_est_delivery_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_est_delivery_index" ON "line_item_rows" USING btree ("est_delivery" NULLS FIRST, "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_total_qty_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_total_qty_index" ON "line_item_rows" USING btree ("total_qty", "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_number_of_parts_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_number_of_parts_index" ON "line_item_rows" USING btree ("number_of_parts", "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_title_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_title_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "title" = '' THEN 0 WHEN "title" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "title" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "title"::numeric END), lower("title"), "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_related_shipment_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_related_shipment_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "related_shipment" = '' THEN 0 WHEN "related_shipment" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "related_shipment" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "related_shipment"::numeric END), lower("related_shipment"), "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_forwarder_name_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_name_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "forwarder_name" = '' THEN 0 WHEN "forwarder_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "forwarder_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "forwarder_name"::numeric END), lower("forwarder_name"), "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_cosignee_name_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_cosignee_name_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "cosignee_name" = '' THEN 0 WHEN "cosignee_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "cosignee_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "cosignee_name"::numeric END), lower("cosignee_name"), "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_origin_port_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_origin_port_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "origin_port" = '' THEN 0 WHEN "origin_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "origin_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "origin_port"::numeric END), lower("origin_port"), "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_destination_port_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_destination_port_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "destination_port" = '' THEN 0 WHEN "destination_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "destination_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "destination_port"::numeric END), lower("destination_port"), "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_transit_type_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_transit_type_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "transit_type" = '' THEN 0 WHEN "transit_type" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "transit_type" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "transit_type"::numeric END), lower("transit_type"), "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_part_numbers_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_part_numbers_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "part_numbers" = '' THEN 0 WHEN "part_numbers" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "part_numbers" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "part_numbers"::numeric END), lower("part_numbers"), "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_house_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_house_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "house" = '' THEN 0 WHEN "house" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "house" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "house"::numeric END), lower("house"), "line_item_id");--> statement-breakpoint
DROP INDEX "line_item_rows_master_sort_index";--> statement-breakpoint
CREATE INDEX "line_item_rows_master_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "master" = '' THEN 0 WHEN "master" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "master" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "master"::numeric END), lower("master"), "line_item_id");
