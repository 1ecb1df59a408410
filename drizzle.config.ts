import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from the *.table.ts files into server/db/migrations.
// Roles, row-level security and functions are hand-written in custom migrations (drizzle-kit generate --custom).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
