// Every table, for Drizzle's typed queries and for drizzle-kit (drizzle.config.ts) to generate migrations.
export * from '../modules/tenants/tenants.table';
export * from '../modules/school/school.table';
export * from '../modules/users/users.table';
export * from '../modules/permissions/permissions.table';
export * from '../modules/auth/auth.table';
export * from '../modules/i18n/i18n.table';
export * from '../modules/dicts/dicts.table';
export * from '../modules/messages/messages.table';
export * from '../modules/files/files.table';
export * from '../modules/selector/selector.table';
export * from '../modules/applog/applog.table';
export * from '../plugins/idempotency.table';
export * from '../modules/attendance/attendance.table';
export * from '../modules/exams/exams.table';
export * from '../modules/scores/scores.table';
export * from '../modules/applications/applications.table';
export * from '../modules/surveys/surveys.table';
