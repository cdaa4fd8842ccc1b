CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" bigint NOT NULL,
	"author_person_id" bigint,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"mentions" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"reply_to" bigint,
	"document_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "messages_record_kind" CHECK ("messages"."record_kind" in ('purchase_order', 'booking', 'shipment'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_person_id_people_id_fk" FOREIGN KEY ("author_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_record_kind_record_id_id_index" ON "messages" USING btree ("record_kind","record_id","id");