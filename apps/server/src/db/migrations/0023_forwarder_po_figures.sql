ALTER TABLE "purchase_order_forwarders" ADD COLUMN "po_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_forwarders" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_forwarders" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_forwarders" ADD COLUMN "shipped_qty" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_forwarders" ADD COLUMN "received_qty" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_forwarders" ADD COLUMN "short_qty" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_forwarders" ADD COLUMN "unknown_skus" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_forwarders" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every PO's rows again, with their figures, as purchase-orders.sql's purchase_orders_sync writes
-- them (spelled out here: that file is applied after the migrations).
DELETE FROM "purchase_order_forwarders";--> statement-breakpoint
INSERT INTO purchase_order_forwarders (
  forwarder_key, purchase_order_id, po_number, status, line_count, shipped_qty, received_qty,
  short_qty, unknown_skus, search)
WITH seen AS (
  SELECT po.id AS purchase_order_id, lower(btrim(s.forwarder_name) COLLATE "C") AS forwarder_key,
         li.id AS line_item_id, li.shipment_id, li.title AS po_number,
         (s.atd IS NOT NULL OR s.ata IS NOT NULL) AS departed
  FROM purchase_orders po
  JOIN line_items li ON li.title = po.po_number
  JOIN shipments s ON s.id = li.shipment_id
  WHERE NOT li.hide_lineitem AND btrim(s.forwarder_name) <> ''
), carried AS (
  SELECT seen.purchase_order_id, seen.forwarder_key,
         coalesce(sum(coalesce(p.qty, 0)) FILTER (WHERE seen.departed AND l.id IS NOT NULL), 0) AS shipped,
         count(DISTINCT p.part_number) FILTER (WHERE l.id IS NOT NULL)::int AS lines,
         count(DISTINCT p.part_number) FILTER (WHERE p.part_number IS NOT NULL AND l.id IS NULL)::int AS unknown,
         string_agg(DISTINCT p.part_number, ' ') FILTER (WHERE l.id IS NOT NULL) AS skus
  FROM seen
  LEFT JOIN parts p ON p.line_item_id = seen.line_item_id
  LEFT JOIN purchase_order_lines l ON l.purchase_order_id = seen.purchase_order_id AND l.sku = p.part_number
  GROUP BY 1, 2
), received AS (
  SELECT seen.purchase_order_id, seen.forwarder_key,
         coalesce(sum(r.received_qty) FILTER (WHERE l.id IS NOT NULL), 0) AS received,
         coalesce(sum(greatest(coalesce(p.qty, 0) - r.received_qty, 0)), 0) AS short
  FROM seen
  JOIN receipts r ON r.po_number = seen.po_number AND r.shipment_id = seen.shipment_id
  LEFT JOIN parts p ON p.line_item_id = seen.line_item_id AND p.part_number = r.sku
  LEFT JOIN purchase_order_lines l ON l.purchase_order_id = seen.purchase_order_id AND l.sku = r.sku
  GROUP BY 1, 2
)
SELECT c.forwarder_key, po.id, po.po_number,
       CASE WHEN po.status IN ('received', 'short_closed') THEN po.status
            WHEN c.shipped > 0 THEN 'partly_shipped' ELSE 'open' END,
       c.lines, c.shipped, coalesce(r.received, 0), coalesce(r.short, 0), c.unknown,
       lower(po.po_number || ' ' || po.supplier || coalesce(' ' || c.skus, ''))
FROM carried c
JOIN purchase_orders po ON po.id = c.purchase_order_id
LEFT JOIN received r ON r.purchase_order_id = c.purchase_order_id AND r.forwarder_key = c.forwarder_key;
