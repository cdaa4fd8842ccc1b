ALTER TABLE "shipment_exception_state" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_exception_state" DROP CONSTRAINT "shipment_exception_state_shipment_id_kind_pk";--> statement-breakpoint
ALTER TABLE "shipment_exception_state" ADD CONSTRAINT "shipment_exception_state_shipment_id_kind_subject_pk" PRIMARY KEY("shipment_id","kind","subject");--> statement-breakpoint
-- A purchase order's exception the last sweep saw is now one per PO: it is taken as known for each
-- PO the shipment carries, so the upgrade announces nothing again. The next sweep forgets those
-- of them that do not have it.
INSERT INTO "shipment_exception_state" ("shipment_id", "kind", "subject", "since")
SELECT DISTINCT s."shipment_id", s."kind", r."title", s."since"
FROM "shipment_exception_state" s
JOIN "line_item_rows" r ON r."shipment_id" = s."shipment_id" AND r."po_status" IS NOT NULL
WHERE s."kind" LIKE 'po\_%';--> statement-breakpoint
DELETE FROM "shipment_exception_state" WHERE "kind" LIKE 'po\_%' AND "subject" = '';
