-- One round trip and nothing else: a load that needs no tables.
SELECT 1;
