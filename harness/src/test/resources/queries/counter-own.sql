-- Each client updates a row of its own of the class's table counter, holding it for 2 ms.
BEGIN;
UPDATE counter SET n = n + 1 WHERE id = :client_id + 10;
SELECT pg_sleep(0.002);
END;
