ALTER TABLE "line_item_rows" ADD COLUMN "po_status" text;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "po_overdue_from" date;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "po_booking_due" date;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "po_short_qty" integer;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "po_over_shipped_qty" integer;--> statement-breakpoint
ALTER TABLE "line_item_rows" ADD COLUMN "po_unknown_skus" integer;--> statement-breakpoint
-- Existing rows take their PO's facts as purchase-orders.sql's purchase_order_row_basis gives them
-- (spelled out here: that function is applied after the migrations): the status, and what the PO
-- exceptions are decided on, each null while the PO is closed or the figure is nothing.
UPDATE "line_item_rows" r
SET "po_status" = po.status,
    "po_overdue_from" = CASE WHEN po.status NOT IN ('received', 'short_closed') THEN po.overdue_from END,
    "po_booking_due" = CASE WHEN po.status NOT IN ('received', 'short_closed') THEN po.booking_due END,
    "po_short_qty" = CASE WHEN po.status NOT IN ('received', 'short_closed') THEN nullif(least(po.short_qty, 2147483647), 0)::int END,
    "po_over_shipped_qty" = CASE WHEN po.status NOT IN ('received', 'short_closed') THEN nullif(least(po.over_shipped_qty, 2147483647), 0)::int END,
    "po_unknown_skus" = CASE WHEN po.status NOT IN ('received', 'short_closed') THEN nullif(po.unknown_skus, 0) END
FROM "purchase_orders" po
WHERE po.po_number = r.title;--> statement-breakpoint
-- exception_counts counts the new columns too: the triggers that run during this migration are the
-- previous ones, which do not know them, so their counts are taken here once.
INSERT INTO "exception_counts" AS c ("forwarder_key", "is_hidden", "basis", "value", "count")
SELECT r.forwarder_key, r.is_hidden, b.basis, b.value, count(*)
FROM "line_item_rows" r
CROSS JOIN LATERAL (VALUES
  ('po_overdue_from', r.po_overdue_from - date '1970-01-01'),
  ('po_booking_due', r.po_booking_due - date '1970-01-01'),
  ('po_short_qty', r.po_short_qty),
  ('po_over_shipped_qty', r.po_over_shipped_qty),
  ('po_unknown_skus', r.po_unknown_skus)
) AS b(basis, value)
WHERE b.value IS NOT NULL
GROUP BY 1, 2, 3, 4
ON CONFLICT ("forwarder_key", "is_hidden", "basis", "value") DO UPDATE SET "count" = c."count" + excluded."count";
