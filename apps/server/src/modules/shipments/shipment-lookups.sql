-- The indexes the shipments' own questions are answered from (shipments.service.ts, visibility.ts),
-- not the dashboard's: those read line_item_rows (line-items/line-item-rows.sql).

-- Shipment suggestions: a substring of the shipment number, case-insensitively (ilike '%…%').
CREATE INDEX IF NOT EXISTS "shipments_shipment_trgm_index" ON "shipments" USING gin ("shipment" gin_trgm_ops);

-- A forwarder's own shipments: shipmentScope compares forwarderKeySql of the name, spelt the same here.
CREATE INDEX IF NOT EXISTS "shipments_forwarder_key_index" ON "shipments" USING btree (lower(btrim("forwarder_name") COLLATE "C"));
