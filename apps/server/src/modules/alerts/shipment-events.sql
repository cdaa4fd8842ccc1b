-- The events the database records as the change happens, for alerts and webhooks to tell of. A
-- shipment's dates moving records "departed", "arrived" and "eta_slipped" (shipments/date-history.sql,
-- the same trigger as the date history); a document's upload records "document_uploaded" here.
-- "new_exception" is the exception sweep's (exceptions/exception-sweep.ts).

CREATE OR REPLACE FUNCTION record_document_uploaded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_events (shipment_id, kind, detail, source)
  VALUES (NEW.shipment_id, 'document_uploaded',
          jsonb_build_object('documentType', NEW.document_type, 'fileName', NEW.file_name, 'documentId', NEW.id),
          quayside_change_source());
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER documents_uploaded_event AFTER INSERT ON documents FOR EACH ROW
EXECUTE FUNCTION record_document_uploaded();

