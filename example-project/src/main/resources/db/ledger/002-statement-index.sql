-- An account's statement reads its latest entries: without this index every statement scans the
-- whole entry table.
CREATE INDEX entry_account_statement ON entry (account_id, id);
