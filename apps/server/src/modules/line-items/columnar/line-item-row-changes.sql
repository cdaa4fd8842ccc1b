-- Which dashboard rows each transaction changed (line_item_row_changes), for the servers' in-memory
-- copies of line_item_rows (columnar/rows-copy.ts): statement triggers note every insert, update and
-- delete by whatever path, and a TRUNCATE as one entry for every row (a null line item).

CREATE OR REPLACE FUNCTION line_item_row_changes_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO line_item_row_changes (line_item_id) SELECT line_item_id FROM changed_rows;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION line_item_row_changes_note_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO line_item_row_changes (line_item_id) VALUES (NULL);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER line_item_row_changes_on_insert AFTER INSERT ON line_item_rows
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION line_item_row_changes_note();

CREATE OR REPLACE TRIGGER line_item_row_changes_on_update AFTER UPDATE ON line_item_rows
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION line_item_row_changes_note();

CREATE OR REPLACE TRIGGER line_item_row_changes_on_delete AFTER DELETE ON line_item_rows
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION line_item_row_changes_note();

CREATE OR REPLACE TRIGGER line_item_row_changes_on_truncate AFTER TRUNCATE ON line_item_rows
  FOR EACH STATEMENT EXECUTE FUNCTION line_item_row_changes_note_all();
