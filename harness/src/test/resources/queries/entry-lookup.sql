-- An account's total from the class's own table entry (made by its @BeforeEach).
\set id random(0, 499)
select sum(amount) from entry where account_id = :id;
