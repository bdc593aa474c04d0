-- Every client updates row 1 of the class's own table counter and holds its lock for 2 ms.
BEGIN;
UPDATE counter SET n = n + 1 WHERE id = 1;
SELECT pg_sleep(0.002);
END;
