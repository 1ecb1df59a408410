// The applications API's paths (issue 8), zod-free: client modules import them without the request schemas.

export const APPLICATION_URLS = {
  list: '/api/applications/list',
  get: '/api/applications/get',
  options: '/api/applications/options',
  save: '/api/applications/save',
  withdraw: '/api/applications/withdraw',
  audit: '/api/applications/audit',
  batchAudit: '/api/applications/batch-audit',
  cancel: '/api/applications/cancel',
  todoCount: '/api/applications/todo-count',
  /** GET `${proof}/<id>`: the proof as a PDF (approved proofs only) */
  proof: '/api/applications/proof',
  /** GET `${verify}/<tenant code>/<code>`: public HTML page the proof's QR code opens */
  verify: '/api/proofs/verify',
  flows: '/api/applications/flows',
  flowSave: '/api/applications/flows/save',
  flowDelete: '/api/applications/flows/delete',
  /** the school's seal image printed on proofs: read / set (a file id from /file/upload, '' = the drawn seal) */
  seal: '/api/applications/seal',
  sealSave: '/api/applications/seal/save',
  blockedPeriods: '/api/applications/blocked-periods',
  blockedPeriodSave: '/api/applications/blocked-periods/save',
  blockedPeriodDelete: '/api/applications/blocked-periods/delete',
  staffSummary: '/api/applications/staff-summary',
  /** GET with query month=YYYY-MM&departmentId=: the summary as .xlsx */
  staffSummaryExport: '/api/applications/staff-summary/export',
} as const;
