\set aid random(1, 100000)
SELECT order_lookup(:aid);
