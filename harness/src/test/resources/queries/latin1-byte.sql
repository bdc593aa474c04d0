SELECT 'café' AS v;
