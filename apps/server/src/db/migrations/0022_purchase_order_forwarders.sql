CREATE TABLE "purchase_order_forwarders" (
	"forwarder_key" text NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	CONSTRAINT "purchase_order_forwarders_forwarder_key_purchase_order_id_pk" PRIMARY KEY("forwarder_key","purchase_order_id")
);
--> statement-breakpoint
ALTER TABLE "purchase_order_forwarders" ADD CONSTRAINT "purchase_order_forwarders_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_forwarders_purchase_order_id_index" ON "purchase_order_forwarders" USING btree ("purchase_order_id");--> statement-breakpoint
-- The forwarders that see each PO already there (purchase_orders_sync keeps them from now on).
INSERT INTO "purchase_order_forwarders" ("forwarder_key", "purchase_order_id")
SELECT DISTINCT r."forwarder_key", po."id"
FROM "line_item_rows" r JOIN "purchase_orders" po ON po."po_number" = r."title"
WHERE NOT r."is_hidden" AND r."forwarder_key" <> '';