\set id random(1, 50000)
SELECT payload FROM items WHERE id = :id;
