-- How many read-model rows each forwarder company has, hidden and not (line_item_counts): the
-- dashboard's "totalAll" in one small read instead of counting a million rows. Statement triggers
-- on line_item_rows move the counts, so every write path, and a TRUNCATE, keeps them exact.

CREATE OR REPLACE FUNCTION line_item_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO line_item_counts AS c (forwarder_key, is_hidden, count)
  SELECT forwarder_key, is_hidden, count(*) FROM changed_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (forwarder_key, is_hidden) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION line_item_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE line_item_counts AS c SET count = c.count - removed.n
  FROM (SELECT forwarder_key, is_hidden, count(*) AS n FROM changed_rows GROUP BY 1, 2 ORDER BY 1, 2) AS removed
  WHERE c.forwarder_key = removed.forwarder_key AND c.is_hidden = removed.is_hidden;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION line_item_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO line_item_counts AS c (forwarder_key, is_hidden, count)
  SELECT forwarder_key, is_hidden, sum(delta) FROM (
    SELECT forwarder_key, is_hidden, 1 AS delta FROM new_rows
    UNION ALL
    SELECT forwarder_key, is_hidden, -1 AS delta FROM old_rows
  ) AS moves GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (forwarder_key, is_hidden) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION line_item_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM line_item_counts;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER line_item_counts_on_insert AFTER INSERT ON line_item_rows
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION line_item_counts_add();

CREATE OR REPLACE TRIGGER line_item_counts_on_delete AFTER DELETE ON line_item_rows
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION line_item_counts_remove();

CREATE OR REPLACE TRIGGER line_item_counts_on_update AFTER UPDATE ON line_item_rows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION line_item_counts_update();

CREATE OR REPLACE TRIGGER line_item_counts_on_truncate AFTER TRUNCATE ON line_item_rows
  FOR EACH STATEMENT EXECUTE FUNCTION line_item_counts_clear();

