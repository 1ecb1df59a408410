import { Badge, Box, Button, chakra, CloseButton, Code, Drawer, Field, Flex, Heading, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import {
  APP_LOG_CLIENT_TYPES,
  APP_LOG_COUNT_CAP,
  APP_LOG_EXPORT_MAX,
  APP_LOG_EXPORT_PERMISSION,
  APP_LOG_FILTER_KEYS,
  APP_LOG_METHODS,
  appLogFilterIssues,
  appLogOperationText,
  type AppLogFilter,
  type AppLogIssue,
} from '../../../../contracts/app-log-rules';
import type { AppLogRow } from '../../../../contracts/app-logs';
import { Switch } from '../../../components/form/fields';
import { Permission } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import { SearchHeader } from '../../../components/SearchHeader';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { PeopleOrgRoleSelector } from '../../../components/selector/PeopleOrgRoleSelector';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { KeysetPager } from '../../../components/table/KeysetPager';
import { Tooltip } from '../../../components/Tooltip';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { schoolToday, showTimeSeconds } from '../../../lib/school-time';
import { exportLogs, logCountQuery, logOptionsQuery, logPageQuery } from './api';
import { useLogsCatalog } from './catalog';
import { clientTypeLabel, issueText } from './labels';
import { appliedLogFilter, type LogSearchParams } from './search';

export interface LogsScreenProps {
  search: LogSearchParams;
  onSearchChange: (next: LogSearchParams) => void;
}


type Draft = AppLogFilter;
const draftOf = (search: LogSearchParams): Draft => {
  const draft = {} as Draft;
  for (const key of APP_LOG_FILTER_KEYS) {
    const value = search[key];
    draft[key] = value === undefined ? '' : String(value);
  }
  return draft;
};
/** the filters that are set (the list's search JSON and the URL's fields) */
const filterOf = (draft: Draft): Partial<AppLogFilter> =>
  Object.fromEntries(APP_LOG_FILTER_KEYS.filter((key) => draft[key].trim() !== '').map((key) => [key, draft[key].trim()])) as Partial<AppLogFilter>;

const rowKey = (row: AppLogRow) => row.id;
const rowProps = (row: AppLogRow) => ({ 'data-testid': 'log-row', 'data-failed': row.errorCode === null ? '0' : '1' });

export function LogsScreen(props: LogsScreenProps) {
  return useLogsCatalog() ? <LogsScreenBody {...props} /> : null;
}

/**
 * /system/log 用户日志: the school's app log, newest first, read by keyset (first / previous / next
 * page) with every SPEC §3 filter; the total is exact up to 10,000, else "超过 10000 条"; a row's
 * detail in a drawer; export of the current filters (at most 50,000 rows).
 */
function LogsScreenBody({ search, onSearchChange }: LogsScreenProps) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale === 'en' ? 'en' : 'zh';
  const today = schoolToday();
  const size = search.size ?? 10;
  const page = search.page ?? 0;
  // the filters in force: the URL's, the dates defaulting to today (school time)
  const applied = useMemo(() => appliedLogFilter(search, today), [search, today]);
  const [draft, setDraft] = useState<Draft>(() => ({ ...draftOf(search), from: applied.from ?? today, to: applied.to ?? today }));
  const [issues, setIssues] = useState<AppLogIssue[]>([]);
  const [userName, setUserName] = useState('');
  const [detail, setDetail] = useState<AppLogRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const options = useQuery(logOptionsQuery);
  const pageQuery = useQuery(logPageQuery({ filter: applied, size, cursor: search.cursor, dir: search.dir }));
  const count = useQuery(logCountQuery(applied));
  const data = pageQuery.data;

  const set = (key: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const go = (next: Partial<LogSearchParams>) => onSearchChange({ ...(draftOfFilter(applied) as LogSearchParams), size: search.size, ...next });

  const submit = () => {
    const found = appLogFilterIssues(draft);
    setIssues(found);
    if (found.length > 0) return;
    onSearchChange({ ...(draftOfFilter(filterOf(draft)) as LogSearchParams), size: search.size });
  };
  const reset = () => {
    setIssues([]);
    setUserName('');
    setDraft({ ...draftOf({}), from: today, to: today, reads: draft.reads });
    onSearchChange({ size: search.size, reads: search.reads });
  };
  // applies at once, keeping the other filters in force
  const setReads = (on: boolean) => {
    setDraft((current) => ({ ...current, reads: on ? '1' : '' }));
    onSearchChange({ ...(draftOfFilter({ ...applied, reads: on ? '1' : undefined }) as LogSearchParams), size: search.size });
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportLogs(applied);
    } catch (error) {
      // lib/http reported a network error or an expiry already: one toast
      if (error instanceof HttpError) reportFailure(error, 'error');
      else notify.error(t`导出失败`);
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo(
    (): DataTableColumn<AppLogRow>[] => [
      { key: 'at', title: t`时间`, render: (row) => showTimeSeconds(row.at) },
      {
        key: 'user',
        title: t`用户`,
        render: (row) =>
          row.userId ? (
            <Stack gap="0">
              <Text as="span" data-testid="log-user-name">
                {row.userName ?? t`（已删除）`}
              </Text>
              <Text as="span" fontSize="xs" color="fg.muted" data-testid="log-user-account">
                {row.account ?? ''}
              </Text>
            </Stack>
          ) : (
            <Text as="span" color="fg.muted">
              {t`未登录`}
            </Text>
          ),
      },
      {
        key: 'url',
        title: t`请求地址`,
        minWidth: '10rem',
        render: (row) => (
          <HStack gap="2" align="baseline">
            <Badge variant="outline" size="sm">
              {row.method}
            </Badge>
            <Text as="span" wordBreak="break-all" data-testid="log-url">
              {row.url}
            </Text>
          </HStack>
        ),
      },
      {
        key: 'operation',
        title: t`操作`,
        minWidth: '10rem',
        render: (row) => (
          <Text as="span" data-testid="log-operation" data-kind={row.kind}>
            {appLogOperationText(row, lang)}
          </Text>
        ),
      },
      { key: 'ip', title: t`IP`, nowrap: true, hideBelow: 'md', render: (row) => row.ip },
      { key: 'module', title: t`模块`, hideBelow: 'lg', render: (row) => row.moduleName?.[lang] ?? row.module },
      { key: 'duration', title: t`耗时(毫秒)`, align: 'end', render: (row) => String(row.durationMs) },
      { key: 'client', title: t`客户端类型`, hideBelow: 'lg', render: (row) => clientTypeLabel(row.clientType) },
      {
        key: 'status',
        title: t`状态`,
        nowrap: true,
        render: (row) =>
          row.errorCode === null ? <Badge colorPalette="green">{t`成功`}</Badge> : <Badge colorPalette="red">{t`异常 ${row.errorCode}`}</Badge>,
      },
      {
        key: 'actions',
        title: t`详情`,
        nowrap: true,
        render: (row) => (
          <Button size="sm" variant="ghost" onClick={() => setDetail(row)} data-testid="log-detail-open">
            {t`详情`}
          </Button>
        ),
      },
    ],
    [t, lang],
  );

  const choices = (values: readonly string[], label: (value: string) => string = (value) => value) => values.map((value) => ({ value, label: label(value) }));

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>用户日志</Trans>
        </Heading>
        <HStack gap="2">
          <Switch id="log-reads" checked={applied.reads === '1'} onChange={setReads} />
          <chakra.label htmlFor="log-reads" fontSize="sm" cursor="pointer" data-testid="log-reads-label">
            <Trans>包含查询</Trans>
          </chakra.label>
        </HStack>
        <Permission anyOf={[APP_LOG_EXPORT_PERMISSION]}>
          <Tooltip content={t`导出当前筛选条件下的日志（最新的在前），最多 ${APP_LOG_EXPORT_MAX} 条；超出时文件中会注明`}>
            <Button colorPalette="brand" variant="outline" minH="11" loading={exporting} onClick={() => void runExport()} data-testid="log-export">
              <Trans>导出</Trans>
            </Button>
          </Tooltip>
        </Permission>
      </Flex>

      <SearchHeader busy={pageQuery.isFetching && !pageQuery.isPending} onSearch={submit} onReset={reset}>
        <SearchTextField label={t`开始日期`} type="date" value={draft.from} onChange={set('from')} width="40" testId="log-from" />
        <SearchTextField label={t`结束日期`} type="date" value={draft.to} onChange={set('to')} width="40" testId="log-to" />
        <Field.Root width={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="sm">
            <Trans>用户</Trans>
          </Field.Label>
          <PeopleOrgRoleSelector
            types={['people']}
            multiple={false}
            limit={1}
            value={draft.userId ? `U_${draft.userId}` : ''}
            placeholder={userName || undefined}
            aria-label={t`用户`}
            onChange={(value, entries) => {
              const id = value.split(',').find((code) => code.startsWith('U_'))?.slice(2) ?? '';
              set('userId')(id);
              setUserName(entries[0]?.NAME ?? '');
            }}
          />
        </Field.Root>
        <SearchTextField label={t`账号`} value={draft.account} onChange={set('account')} maxLength={64} width="40" testId="log-account" />
        <SearchTextField label={t`请求地址`} value={draft.url} onChange={set('url')} maxLength={500} width="56" testId="log-url-filter" />
        <SearchSelectField
          label={t`地址匹配`}
          value={draft.urlMode}
          onChange={set('urlMode')}
          placeholder={t`前缀`}
          choices={[
            { value: 'prefix', label: t`前缀` },
            { value: 'contains', label: t`包含` },
          ]}
          width="28"
          testId="log-url-mode"
        />
        <SearchTextField label={t`IP（前缀以 * 结尾）`} value={draft.ip} onChange={set('ip')} maxLength={45} width="44" testId="log-ip" />
        <SearchSelectField label={t`请求方式`} value={draft.method} onChange={set('method')} choices={choices(APP_LOG_METHODS)} width="32" testId="log-method" />
        <SearchSelectField label={t`类`} value={draft.handler} onChange={set('handler')} choices={choices(options.data?.handlers ?? [])} width="64" testId="log-handler" />
        <SearchTextField label={t`参数（包含）`} value={draft.params} onChange={set('params')} maxLength={200} width="48" testId="log-params" />
        <SearchTextField label={t`耗时不少于(毫秒)`} value={draft.minDuration} onChange={set('minDuration')} maxLength={7} width="36" testId="log-duration" />
        <SearchSelectField
          label={t`模块`}
          value={draft.module}
          onChange={set('module')}
          choices={(options.data?.modules ?? []).map((module) => ({ value: module.value, label: module[lang] })).sort((x, y) => x.label.localeCompare(y.label, lang))}
          width="44"
          testId="log-module"
        />
        <SearchTextField label={t`操作（包含）`} value={draft.operation} onChange={set('operation')} maxLength={200} width="48" testId="log-operation-filter" />
        <SearchSelectField label={t`客户端类型`} value={draft.clientType} onChange={set('clientType')} choices={choices(APP_LOG_CLIENT_TYPES, clientTypeLabel)} width="32" testId="log-client" />
        <SearchSelectField
          label={t`异常`}
          value={draft.failed}
          onChange={set('failed')}
          choices={[
            { value: '1', label: t`仅异常` },
            { value: '0', label: t`仅成功` },
          ]}
          width="32"
          testId="log-failed"
        />
        <SearchTextField label={t`异常代码`} value={draft.errorCode} onChange={set('errorCode')} maxLength={5} width="32" testId="log-error-code" />
        <SearchSelectField label={t`系统名称`} value={draft.systemName} onChange={set('systemName')} choices={choices(options.data?.systemNames ?? [])} width="32" testId="log-system" />
      </SearchHeader>

      {issues.length > 0 && (
        <Box role="alert" color="fg.error" fontSize="sm" data-testid="log-filter-issues">
          {issues.map((issue) => (
            <Text key={`${issue.field}-${issue.code}`}>{issueText(issue)}</Text>
          ))}
        </Box>
      )}

      {pageQuery.isError ? (
        <RequestError error={pageQuery.error} testId="log-error" />
      ) : (
        <DataTable
          columns={columns}
          rows={data?.rows ?? []}
          rowKey={rowKey}
          rowProps={rowProps}
          total={0}
          page={0}
          onPageChange={() => undefined}
          loading={pageQuery.isPending}
          refreshing={pageQuery.isFetching && !pageQuery.isPending}
          pager={
            <KeysetPager
              total={count.data?.total ?? null}
              totalCapped={count.data?.capped}
              page={page}
              size={size}
              hasPrev={(data?.hasPrev ?? false) || page > 0}
              hasNext={data?.hasNext ?? false}
              disabled={pageQuery.isFetching}
              onFirst={() => go({ cursor: undefined, dir: undefined, page: undefined })}
              onPrev={() => (data?.firstCursor && page > 1 ? go({ cursor: data.firstCursor, dir: 'prev', page: page - 1 }) : go({ cursor: undefined, dir: undefined, page: undefined }))}
              onNext={() => data?.lastCursor && go({ cursor: data.lastCursor, dir: 'next', page: page + 1 })}
              onSizeChange={(next) => onSearchChange({ ...(draftOfFilter(applied) as LogSearchParams), size: next })}
              labels={{
                total: (total, capped) => (capped ? t`超过 ${total} 条（只计到 ${APP_LOG_COUNT_CAP} 条）` : t`共 ${total} 条`),
                counting: t`正在计数…`,
                page: (n) => t`第 ${n} 页`,
                first: t`首页`,
                prev: t`上一页`,
                next: t`下一页`,
                size: (n) => t`${n} 条/页`,
                sizeLabel: t`每页条数`,
              }}
            />
          }
        />
      )}

      <LogDetail row={detail} onClose={() => setDetail(null)} />
    </Stack>
  );
}

/** the URL's fields of a filter (numbers where the URL keeps numbers) */
function draftOfFilter(filter: Partial<AppLogFilter>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    out[key] = key === 'minDuration' || key === 'errorCode' ? Number(value) : value;
  }
  return out;
}

/** params as indented JSON when they are JSON */
const prettyParams = (text: string) => {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

function LogDetail({ row, onClose }: { row: AppLogRow | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale === 'en' ? 'en' : 'zh';
  const line = (label: string, value: ReactNode, testId?: string) => (
    <Box>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box data-testid={testId} wordBreak="break-all">
        {value === '' || value === null ? '—' : value}
      </Box>
    </Box>
  );
  return (
    <Drawer.Root open={row !== null} onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'md' }} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="log-detail">
            <Drawer.Header>
              <Drawer.Title>
                <Trans>日志详情</Trans>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {row && (
                <Stack gap="3">
                  {line(t`时间`, showTimeSeconds(row.at))}
                  {line(t`用户`, row.userId ? `${row.userName ?? t`（已删除）`}（${row.account ?? ''}）` : t`未登录`, 'log-detail-user')}
                  {line(t`请求地址`, `${row.method} ${row.url}`, 'log-detail-url')}
                  {line(t`类`, row.handler)}
                  {line(t`IP`, row.ip)}
                  {line(t`模块`, row.moduleName?.[lang] ?? row.module)}
                  {line(t`操作`, appLogOperationText(row, lang), 'log-detail-operation')}
                  {line(t`耗时(毫秒)`, String(row.durationMs), 'log-detail-duration')}
                  {line(t`客户端类型`, clientTypeLabel(row.clientType))}
                  {line(t`系统名称`, row.systemName)}
                  {line(t`状态`, row.errorCode === null ? t`成功` : t`异常 ${row.errorCode}`, 'log-detail-status')}
                  {row.errorCode !== null && line(t`异常信息`, row.errorMessage ?? '', 'log-detail-error')}
                  {line(
                    t`参数`,
                    row.params ? (
                      <Code as="pre" display="block" whiteSpace="pre-wrap" p="2" fontSize="xs" data-testid="log-detail-params">
                        {prettyParams(row.params)}
                      </Code>
                    ) : (
                      ''
                    ),
                  )}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

