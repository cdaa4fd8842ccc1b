-- The shipment events the database records as the change happens, for alerts and webhooks to tell
-- of (a purchase order's, a booking's and a conversation's are written by their services). A
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


-- Every event waits in undispatched_events until the dispatcher (alerts/dispatch-events.ts) has
-- told of it: one committed after a later one was dispatched (a long import, the sweep) is still
-- told. With it go its shipment's dashboard rows as they are before the writing transaction brings
-- them up to date (with-write.ts refreshes them at its commit), so a followed filter that included
-- the shipment just before hears of the event that took it out (an ATA ends a late arrival). The
-- sweep's new exceptions are found in today's rows, and the other kinds are told to the people they
-- name, not to filters: neither needs a copy.
CREATE OR REPLACE FUNCTION queue_shipment_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO undispatched_events (event_id, rows_before)
  VALUES (NEW.id, CASE WHEN NEW.kind IN ('eta_slipped', 'departed', 'arrived', 'document_uploaded') THEN
    (SELECT jsonb_agg(to_jsonb(r)) FROM line_item_rows r WHERE r.shipment_id = NEW.shipment_id) END);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER shipment_events_queued AFTER INSERT ON shipment_events FOR EACH ROW
EXECUTE FUNCTION queue_shipment_event();
