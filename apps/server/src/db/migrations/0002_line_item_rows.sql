CREATE TABLE "line_item_rows" (
	"line_item_id" bigint PRIMARY KEY NOT NULL,
	"shipment_id" bigint NOT NULL,
	"forwarder_key" text COLLATE "C" NOT NULL,
	"is_hidden" boolean NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"related_shipment" text COLLATE "C" NOT NULL,
	"forwarder_name" text COLLATE "C" NOT NULL,
	"cosignee_name" text COLLATE "C" NOT NULL,
	"origin_port" text COLLATE "C" NOT NULL,
	"destination_port" text COLLATE "C" NOT NULL,
	"transit_type" text COLLATE "C" NOT NULL,
	"number_of_parts" integer NOT NULL,
	"part_numbers" text COLLATE "C" NOT NULL,
	"total_qty" bigint NOT NULL,
	"atd" date,
	"dest_eta" date,
	"ata" date,
	"est_delivery" date,
	"house" text COLLATE "C" NOT NULL,
	"master" text COLLATE "C" NOT NULL,
	"search_dr" text COLLATE "C" NOT NULL,
	"search_default_only" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD CONSTRAINT "line_item_rows_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_item_rows_shipment_id_index" ON "line_item_rows" USING btree ("shipment_id");--> statement-breakpoint
-- The dashboard's default order (dest_eta descending, oldest line item first among equals), for everyone and per forwarder.
CREATE INDEX "line_item_rows_dest_eta_index" ON "line_item_rows" USING btree ("dest_eta" DESC NULLS LAST, "line_item_id");--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_dest_eta_index" ON "line_item_rows" USING btree ("forwarder_key", "dest_eta" DESC NULLS LAST, "line_item_id");--> statement-breakpoint
-- Global search: substring match on the case-folded text of each report's columns.
CREATE INDEX "line_item_rows_search_dr_index" ON "line_item_rows" USING gin ("search_dr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "line_item_rows_search_default_only_index" ON "line_item_rows" USING gin ("search_default_only" gin_trgm_ops);--> statement-breakpoint
-- Sorting by any other column: dates and numbers as themselves, empty first.
CREATE INDEX "line_item_rows_atd_index" ON "line_item_rows" USING btree ("atd" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "line_item_rows_ata_index" ON "line_item_rows" USING btree ("ata" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "line_item_rows_est_delivery_index" ON "line_item_rows" USING btree ("est_delivery" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "line_item_rows_total_qty_index" ON "line_item_rows" USING btree ("total_qty");--> statement-breakpoint
CREATE INDEX "line_item_rows_number_of_parts_index" ON "line_item_rows" USING btree ("number_of_parts");--> statement-breakpoint
CREATE INDEX "line_item_rows_title_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "title" = '' THEN 0 WHEN "title" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "title" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "title"::numeric END), lower("title"));--> statement-breakpoint
CREATE INDEX "line_item_rows_related_shipment_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "related_shipment" = '' THEN 0 WHEN "related_shipment" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "related_shipment" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "related_shipment"::numeric END), lower("related_shipment"));--> statement-breakpoint
CREATE INDEX "line_item_rows_forwarder_name_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "forwarder_name" = '' THEN 0 WHEN "forwarder_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "forwarder_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "forwarder_name"::numeric END), lower("forwarder_name"));--> statement-breakpoint
CREATE INDEX "line_item_rows_cosignee_name_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "cosignee_name" = '' THEN 0 WHEN "cosignee_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "cosignee_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "cosignee_name"::numeric END), lower("cosignee_name"));--> statement-breakpoint
CREATE INDEX "line_item_rows_origin_port_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "origin_port" = '' THEN 0 WHEN "origin_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "origin_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "origin_port"::numeric END), lower("origin_port"));--> statement-breakpoint
CREATE INDEX "line_item_rows_destination_port_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "destination_port" = '' THEN 0 WHEN "destination_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "destination_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "destination_port"::numeric END), lower("destination_port"));--> statement-breakpoint
CREATE INDEX "line_item_rows_transit_type_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "transit_type" = '' THEN 0 WHEN "transit_type" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "transit_type" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "transit_type"::numeric END), lower("transit_type"));--> statement-breakpoint
CREATE INDEX "line_item_rows_part_numbers_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "part_numbers" = '' THEN 0 WHEN "part_numbers" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "part_numbers" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "part_numbers"::numeric END), lower("part_numbers"));--> statement-breakpoint
CREATE INDEX "line_item_rows_house_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "house" = '' THEN 0 WHEN "house" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "house" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "house"::numeric END), lower("house"));--> statement-breakpoint
CREATE INDEX "line_item_rows_master_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "master" = '' THEN 0 WHEN "master" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "master" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "master"::numeric END), lower("master"));--> statement-breakpoint
-- Shipment suggestions (shipmentMatch) and a forwarder's own shipments.
CREATE INDEX "shipments_shipment_trgm_index" ON "shipments" USING gin ("shipment" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_forwarder_key_index" ON "shipments" USING btree (lower(btrim("forwarder_name") COLLATE "C"));
