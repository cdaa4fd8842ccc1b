CREATE TABLE "import_shipments" (
	"import_id" bigint NOT NULL,
	"shipment_id" bigint NOT NULL,
	CONSTRAINT "import_shipments_import_id_shipment_id_pk" PRIMARY KEY("import_id","shipment_id")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_person_id" bigint,
	"actor_email" text,
	"file_name" text NOT NULL,
	"parts_file_name" text,
	"summary" jsonb
);
--> statement-breakpoint
ALTER TABLE "import_shipments" ADD CONSTRAINT "import_shipments_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_shipments" ADD CONSTRAINT "import_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;