ALTER TABLE "shipment_events" ALTER COLUMN "shipment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "purchase_order_id" bigint;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "booking_id" bigint;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_booking_id_booking_requests_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_purchase_order_id_index" ON "shipment_events" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "shipment_events_booking_id_index" ON "shipment_events" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "shipment_events_message_id_index" ON "shipment_events" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_one_record" CHECK (num_nonnulls("shipment_events"."shipment_id", "shipment_events"."purchase_order_id", "shipment_events"."booking_id") = 1);