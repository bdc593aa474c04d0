-- Reads only the class's own table (made by its @BeforeAll), none of pgbench's.
SELECT owner FROM account WHERE id = 1;
