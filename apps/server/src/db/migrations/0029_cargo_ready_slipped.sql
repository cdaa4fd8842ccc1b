ALTER TABLE "line_item_rows" ADD COLUMN "po_cargo_ready_slip_days" integer;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "first_cargo_ready_date" date;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "cargo_ready_slip_days" integer;--> statement-breakpoint
-- The first cargo-ready date of a PO already moved by an approved proposal is the date before its
-- earliest such move; of any other PO, the one it has. Its slip is measured from here on at its next sync.
UPDATE "purchase_orders" po SET "first_cargo_ready_date" = coalesce(
  (SELECT (p.cargo_ready_date ->> 'before')::date FROM purchase_order_proposals p
   WHERE p.purchase_order_id = po.id AND p.status = 'approved' AND p.cargo_ready_date IS NOT NULL
   ORDER BY p.id LIMIT 1),
  po.cargo_ready_date);
