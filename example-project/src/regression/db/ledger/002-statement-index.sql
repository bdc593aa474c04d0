-- The regression profile (mvn verify -Pregression) replaces migration 002 with this file: the
-- statement index is gone, as if a change had dropped it. Statements then scan the entry table.
SELECT 1;
