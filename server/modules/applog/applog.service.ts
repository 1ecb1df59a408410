import {
  APP_LOG_COUNT_CAP,
  APP_LOG_EXPORT_MAX,
  appLogFilterIssues,
  type AppLogExportRequest,
  type AppLogListRequest,
  type AppLogOptions,
  type AppLogPage,
  type AppLogRow,
  type AppLogSearch,
  type AppLogName,
} from '../../../contracts/app-logs';
import { ResponseCode } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import { SYSTEM_NAME } from '../../plugins/app-log';
import { addDays, schoolDate, SCHOOL_UTC_OFFSET } from '../attendance/school-day';
import { appLogRepository, parseCursor, type AppLogQuery, type StoredLogRow } from './applog.repository';
import type { AnyRoute } from '../../plugins/route-spec';
import { keysNamed, namesOfKey, operationKeyOf } from '../../plugins/route-operation';
import type { ModuleEntry } from '../index';
import { moduleName } from '../module-names';
import { writeAppLogWorkbook } from './applog.excel';

const FIELD_KEYS: Record<string, MessageKey> = {
  from: 'appLogsFieldFrom',
  to: 'appLogsFieldTo',
  userId: 'appLogsFieldUser',
  account: 'appLogsFieldAccount',
  url: 'appLogsFieldUrl',
  urlMode: 'appLogsFieldUrl',
  ip: 'appLogsFieldIp',
  method: 'appLogsFieldMethod',
  handler: 'appLogsFieldHandler',
  params: 'appLogsFieldParams',
  minDuration: 'appLogsFieldDuration',
  module: 'appLogsFieldModule',
  operation: 'appLogsFieldOperation',
  clientType: 'appLogsFieldClientType',
  failed: 'appLogsFieldFailed',
  errorCode: 'appLogsFieldErrorCode',
  systemName: 'appLogsFieldSystemName',
  reads: 'appLogsFieldReads',
};

/**
 * The filters as the repository takes them, or a refusal naming the first broken rule (the same
 * codes the screen shows as typed). Dates are school days (+08:00); none given = today.
 */
export function appLogQueryOf(tenantId: string, search: AppLogSearch, now = new Date(), operations?: OperationCatalog): AppLogQuery {
  const issues = appLogFilterIssues(search);
  if (issues.length > 0) {
    const issue = issues[0]!;
    throw new AppError(ResponseCode.invalidInput, (lang: Lang) =>
      translate(lang, issue.code, { field: translate(lang, FIELD_KEYS[issue.field] ?? 'appLogsFieldUrl'), max: issue.max ?? 0 }),
    );
  }
  const text = (key: keyof AppLogSearch) => (search[key] ?? '').trim();
  const today = schoolDate(now);
  const from = text('from') || (text('to') && text('to') < today ? text('to') : today);
  const to = text('to') || (from > today ? from : today);
  const ip = text('ip');
  const urlText = text('url');
  return {
    tenantId,
    fromAt: new Date(`${from}T00:00:00${SCHOOL_UTC_OFFSET}`).toISOString(),
    toAt: new Date(`${addDays(to, 1)}T00:00:00${SCHOOL_UTC_OFFSET}`).toISOString(),
    userId: text('userId') || undefined,
    account: text('account') || undefined,
    url: urlText ? { mode: text('urlMode') === 'contains' ? 'contains' : 'prefix', text: urlText } : undefined,
    ip: ip && ip !== '*' ? (ip.endsWith('*') ? { mode: 'prefix', text: ip.slice(0, -1) } : { mode: 'exact', text: ip }) : undefined,
    method: text('method').toUpperCase() || undefined,
    handler: text('handler') || undefined,
    params: text('params') || undefined,
    minDuration: text('minDuration') ? Number(text('minDuration')) : undefined,
    module: text('module') || undefined,
    operationMatch: text('operation') ? operations?.match(text('operation')) : undefined,
    reads: text('reads') === '1',
    clientType: text('clientType') || undefined,
    failed: text('failed') === '1' ? true : text('failed') === '0' ? false : undefined,
    errorCode: text('errorCode') ? Number(text('errorCode')) : undefined,
    systemName: text('systemName') || undefined,
  };
}

const EXPORT_BATCH = 5_000;

/** The route registry as the log reads it: names by operation key, keys by name, module names. */
export class OperationCatalog {
  private readonly byKey: Map<string, AnyRoute>;
  private readonly moduleNames = new Map<string, AppLogName>();

  constructor(
    private readonly routes: readonly AnyRoute[],
    modules: Record<string, ModuleEntry>,
  ) {
    this.byKey = new Map(routes.map((route) => [operationKeyOf(route), route]));
    for (const [name, entry] of Object.entries(modules)) {
      const label = moduleName(name, entry);
      if (label) this.moduleNames.set(name, label);
    }
  }

  /** The 操作 filter: the keys whose names contain the text (rows before 0027 by method + handler), or the target. */
  match(text: string): NonNullable<AppLogQuery['operationMatch']> {
    const keys = keysNamed(this.routes, text);
    return { keys, legacyKeys: [...new Set(keys.map((key) => key.split('#')[0]!))], text };
  }

  /** A stored row with its names; a row before 0027 takes its route's operation by method + handler. */
  named({ operationKey, kind, ...row }: StoredLogRow): AppLogRow {
    const key = operationKey ?? (row.handler ? `${row.method} ${row.handler}` : null);
    const names = key ? namesOfKey(this.byKey, key) : undefined;
    return {
      ...row,
      moduleName: this.moduleNames.get(row.module) ?? null,
      operationName: names ? { zh: names.zh, en: names.en } : null,
      kind: kind ?? names?.kind ?? 'change',
    };
  }

  modules(): AppLogOptions['modules'] {
    return [...this.moduleNames].map(([value, label]) => ({ value, ...label }));
  }
}

let catalog: Promise<OperationCatalog> | undefined;
/** Built once, on first use: the registry imports every module (this one too), so it is loaded lazily. */
export const operationCatalog = (): Promise<OperationCatalog> =>
  (catalog ??= Promise.all([import('../../routes'), import('../index')]).then(([{ allRoutes }, { modules }]) => new OperationCatalog(allRoutes, modules)));

/** 用户日志: the school's own app_logs rows only (explicit tenant and RLS); app_logs_public never. */
export class AppLogService {
  async list(tx: Tx, session: Session, request: AppLogListRequest, now = new Date()): Promise<AppLogPage> {
    const operations = await operationCatalog();
    const query = appLogQueryOf(session.tenantId, request.search, now, operations);
    const cursor = request.cursor ? { cursor: parseCursor(request.cursor), direction: request.direction } : undefined;
    let { rows, more } = await appLogRepository.page(tx, query, request.limit, cursor);
    let hasPrev = cursor !== undefined && rows.length > 0;
    let hasNext = more;
    if (cursor?.direction === 'prev') {
      if (rows.length < request.limit) {
        // fewer newer rows than a page: show the first page, as the first-page button would
        ({ rows, more } = await appLogRepository.page(tx, query, request.limit));
        hasPrev = false;
        hasNext = more;
      } else {
        hasPrev = more;
        // the row the cursor names (older than this page) is still there
        hasNext = true;
      }
    }
    const total = request.count ? await appLogRepository.cappedCount(tx, query, APP_LOG_COUNT_CAP) : null;
    return {
      rows: rows.map(({ cursor: _cursor, ...row }) => operations.named(row)),
      total: total === null ? null : Math.min(total, APP_LOG_COUNT_CAP),
      totalCapped: total !== null && total > APP_LOG_COUNT_CAP,
      firstCursor: rows[0]?.cursor ?? null,
      lastCursor: rows[rows.length - 1]?.cursor ?? null,
      hasNext,
      hasPrev,
    };
  }

  /** The current filters as .xlsx, newest first, at most APP_LOG_EXPORT_MAX rows (the file says when more matched). */
  async export(tx: Tx, session: Session, request: AppLogExportRequest, lang: Lang, now = new Date()): Promise<{ fileName: string; bytes: Buffer; rows: number; capped: boolean }> {
    const operations = await operationCatalog();
    const query = appLogQueryOf(session.tenantId, request.search, now, operations);
    const capped = (await appLogRepository.cappedCount(tx, query, APP_LOG_EXPORT_MAX)) > APP_LOG_EXPORT_MAX;
    let written = 0;
    async function* batches(): AsyncGenerator<AppLogRow[]> {
      let after: string | undefined;
      while (written < APP_LOG_EXPORT_MAX) {
        const limit = Math.min(EXPORT_BATCH, APP_LOG_EXPORT_MAX - written);
        const page = await appLogRepository.page(tx, query, limit, after ? { cursor: parseCursor(after), direction: 'next' } : undefined);
        if (page.rows.length === 0) return;
        written += page.rows.length;
        after = page.rows[page.rows.length - 1]!.cursor;
        yield page.rows.map(({ cursor: _cursor, ...row }) => operations.named(row));
        if (!page.more) return;
      }
    }
    const bytes = await writeAppLogWorkbook(batches(), lang, capped);
    const day = schoolDate(now).replaceAll('-', '');
    return { fileName: `${lang === 'en' ? 'user-logs' : '用户日志'}_${day}.xlsx`, bytes, rows: written, capped };
  }

  /** The choices of the module and class filters: the modules (with their names) and route patterns this server declares. */
  async options(): Promise<AppLogOptions> {
    const { allRoutes } = await import('../../routes');
    const handlers = [...new Set(allRoutes.map((route) => route.url))].sort();
    return { modules: (await operationCatalog()).modules(), handlers, systemNames: [SYSTEM_NAME] };
  }
}
