import { bigint, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * Metadata of an uploaded file (SPEC §3 "File record"); the bytes are on disk under
 * `${dataDir}/files/<path>` where path is `<tenant>/<yyyy>/<mm>/<id>`.
 */
export const files = pgTable(
  'files',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    /** the name as uploaded, extension included */
    name: text('name').notNull(),
    /** lower-case extension without the dot */
    suffix: text('suffix').notNull(),
    /** sniffed from the content */
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** relative to `${dataDir}/files` */
    path: text('path').notNull(),
    /** the upload profile it passed (contracts/files.ts FILE_CATEGORIES) */
    category: text('category').notNull(),
    /** the account the upload is filed under: its uploader (a public survey picture: the questionnaire's creator) */
    ownerId: uuid('owner_id').notNull(),
    /**
     * The record that owns the file (files.service FILE_OWNER_KINDS): a download passes only where that
     * record may be read. Both null until a record claims the file: then only owner_id reads it.
     */
    ownerKind: text('owner_kind'),
    ownerRecordId: text('owner_record_id'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('files_tenant_owner_idx').on(t.tenantId, t.ownerId),
    index('files_tenant_owner_record_idx').on(t.tenantId, t.ownerKind, t.ownerRecordId),
    foreignKey({ name: 'files_owner_fk', columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id] }),
  ],
);
