-- readme:statement-sql
-- The ledger's hottest query, Ledger.statement: an account's latest 20 entries.
\set account random(1, :accounts)
SELECT id, transfer_id, amount, balance_after, memo, posted_at FROM entry
  WHERE account_id = :account ORDER BY id DESC LIMIT 20;
-- /readme:statement-sql
