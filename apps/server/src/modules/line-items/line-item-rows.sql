-- The indexes the dashboard's questions over line_item_rows are answered from (line-item-sql.ts).
-- A sort index spells its column's sort expressions as line-item-sql.ts's sortKeys() does, since the
-- planner matches an index by the words (database-logic.test.ts holds them equal).

-- The default order (Dest. ETA, newest first), for everyone and for a forwarder's own. They also
-- carry the dates and numbers people filter on and the six dates the exception rules compare, so
-- such a filter in the default order is read from the index alone: the newest quarter of line
-- items has not departed, and walking past them through the table took 290-361 ms at 1,000,000
-- line items (35-37 ms with them; bench/RESULTS.md).
CREATE INDEX IF NOT EXISTS "line_item_rows_dest_eta_index" ON "line_item_rows" USING btree ("dest_eta" DESC NULLS LAST, "line_item_id") INCLUDE ("atd", "ata", "est_delivery", "total_qty", "number_of_parts", "departure_due", "arrival_due", "delivery_due", "eta_slip_days", "documents_due", "in_transit_updated");

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_dest_eta_index" ON "line_item_rows" USING btree ("forwarder_key", "dest_eta" DESC NULLS LAST, "line_item_id") INCLUDE ("is_hidden", "atd", "ata", "est_delivery", "total_qty", "number_of_parts", "departure_due", "arrival_due", "delivery_due", "eta_slip_days", "documents_due", "in_transit_updated");

-- Search: the trigram indexes of the row's two search texts.
CREATE INDEX IF NOT EXISTS "line_item_rows_search_dr_index" ON "line_item_rows" USING gin ("search_dr" gin_trgm_ops);

CREATE INDEX IF NOT EXISTS "line_item_rows_search_default_only_index" ON "line_item_rows" USING gin ("search_default_only" gin_trgm_ops);

-- A PO number's line items (?po=, the line-item page) by equality: the title's sort index leads
-- with an expression, so it cannot answer "title = X".
CREATE INDEX IF NOT EXISTS "line_item_rows_title_index" ON "line_item_rows" USING btree ("title");

-- One index per sortable column. Ties are broken by line item id in the direction of the sort's
-- last column, and every sort index ends with the id: a sort on one column is then one index, read
-- forwards or backwards, however many rows share a value ("Consignee, descending" took 521 ms for
-- its first page at 1,000,000 line items without the id, 1.2 ms with it). Text columns sort empty
-- first, then numbers numerically, then other text case-folded.
CREATE INDEX IF NOT EXISTS "line_item_rows_atd_index" ON "line_item_rows" USING btree ("atd" NULLS FIRST, "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_ata_index" ON "line_item_rows" USING btree ("ata" NULLS FIRST, "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_est_delivery_index" ON "line_item_rows" USING btree ("est_delivery" NULLS FIRST, "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_total_qty_index" ON "line_item_rows" USING btree ("total_qty", "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_number_of_parts_index" ON "line_item_rows" USING btree ("number_of_parts", "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_title_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "title" = '' THEN 0 WHEN "title" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "title" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "title"::numeric END), lower("title"), "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_related_shipment_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "related_shipment" = '' THEN 0 WHEN "related_shipment" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "related_shipment" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "related_shipment"::numeric END), lower("related_shipment"), "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_forwarder_name_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "forwarder_name" = '' THEN 0 WHEN "forwarder_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "forwarder_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "forwarder_name"::numeric END), lower("forwarder_name"), "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_cosignee_name_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "cosignee_name" = '' THEN 0 WHEN "cosignee_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "cosignee_name" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "cosignee_name"::numeric END), lower("cosignee_name"), "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_origin_port_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "origin_port" = '' THEN 0 WHEN "origin_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "origin_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "origin_port"::numeric END), lower("origin_port"), "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_destination_port_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "destination_port" = '' THEN 0 WHEN "destination_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "destination_port" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "destination_port"::numeric END), lower("destination_port"), "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_transit_type_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "transit_type" = '' THEN 0 WHEN "transit_type" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "transit_type" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "transit_type"::numeric END), lower("transit_type"), "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_part_numbers_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "part_numbers" = '' THEN 0 WHEN "part_numbers" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "part_numbers" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "part_numbers"::numeric END), lower("part_numbers"), "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_house_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "house" = '' THEN 0 WHEN "house" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "house" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "house"::numeric END), lower("house"), "line_item_id");

CREATE INDEX IF NOT EXISTS "line_item_rows_master_sort_index" ON "line_item_rows" USING btree ((CASE WHEN "master" = '' THEN 0 WHEN "master" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 2 END), (CASE WHEN "master" ~ '^-?[0-9]+(\.[0-9]+)?$' THEN "master"::numeric END), lower("master"), "line_item_id");

