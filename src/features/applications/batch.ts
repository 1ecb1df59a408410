/**
 * SPEC §4 'batch audit only for same audit state': the client checks before sending (the server
 * checks again and answers the same words).
 */
export function sameAuditState(rows: readonly { auditState: string }[]): boolean {
  return rows.length > 0 && rows.every((row) => row.auditState === rows[0]!.auditState);
}
