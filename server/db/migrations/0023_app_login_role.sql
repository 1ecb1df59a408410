-- placeholder reserved for issue 18; replaced by the real migration
SELECT 1;
