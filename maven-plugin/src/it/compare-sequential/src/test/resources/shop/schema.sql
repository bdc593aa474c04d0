DROP TABLE IF EXISTS items;
CREATE TABLE items (id int NOT NULL, payload text NOT NULL);
INSERT INTO items SELECT i, md5(i::text) FROM generate_series(1, 50000) i;
CREATE INDEX items_id ON items (id);
ANALYZE items;
