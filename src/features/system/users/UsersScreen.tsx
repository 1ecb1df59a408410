/**
 * 用户管理 /system/user (issue 10, H3): the search header (keyword, user type, org, enabled, locked, initialised)
 * with its search in the URL; the table (name, account, type, number, org, roles, state with the
 * lockout, initialised); add / edit in a drawer; enable / disable, unlock, reset password, account
 * initialisation (selected rows or every match; the confirm says, from the server, how many get a
 * first account and how many were initialised before, which are skipped unless 同时重置已初始化的账号
 * is ticked) with its report, the initialisation settings, export,
 * delete (one or the selected, asks first).
 */
import { Badge, Box, Button, Field, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { USER_TYPES, USERS_ADD_PERMISSION, USERS_DELETE_PERMISSION, USERS_EDIT_PERMISSION, USERS_EXPORT_PERMISSION, USERS_IMPORT_PERMISSION, USERS_INIT_PERMISSION, USERS_RESET_PWD_PERMISSION } from '../../../../contracts/user-rules';
import type { InitReport, UserRow } from '../../../../contracts/users';
import { SingleCheckbox } from '../../../components/form/fields';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Permission, usePermitted } from '../../../components/Permission';
import { SearchHeader } from '../../../components/SearchHeader';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { PeopleOrgRoleSelector } from '../../../components/selector/PeopleOrgRoleSelector';
import { BatchDeleteBar } from '../../../components/table/BatchDeleteBar';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { ImportButton, type ImportFailure } from '../../../components/upload/ImportButton';
import { HttpError } from '../../../lib/http';
import { formatList } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { showTime } from '../../../lib/school-time';
import { deleteUsers, exportUsers, URLS, initializeUsers, initPreviewQuery, type InitTarget, refreshUsers, saveUser, setUsersEnabled, unlockUsers, userFilters, userListInput, userOptionsQuery } from './api';
import { useUsersCatalog } from './catalog';
import { USER_TYPE_LABELS } from './labels';
import { compactSearch, type UserSearchParams } from './search';
import { useListSelection, useSearchDraft } from '../../../components/table/list-state';
import { urlPaging } from '../../../lib/search-params';

const UserDrawer = lazy(() => import('./UserDrawer'));
const ResetPasswordDialog = lazy(async () => ({ default: (await import('./AccountDialogs')).ResetPasswordDialog }));
const InitReportDialog = lazy(async () => ({ default: (await import('./AccountDialogs')).InitReportDialog }));
const AccountSettingsDialog = lazy(async () => ({ default: (await import('./AccountDialogs')).AccountSettingsDialog }));

export interface UsersScreenProps {
  search: UserSearchParams;
  onSearchChange: (next: UserSearchParams) => void;
}

type Draft = { keyword: string; userType: string; org: string; enabled: string; locked: string; initialized: string };
const fieldsOf = (search: UserSearchParams): Draft => ({
  keyword: search.keyword ?? '',
  userType: search.userType ?? '',
  org: search.org ?? '',
  enabled: search.enabled ?? '',
  locked: search.locked ?? '',
  initialized: search.initialized ?? '',
});
const rowKey = (row: UserRow) => row.id;
/** the widest a typed value's cell text may be (five such columns) */
const VALUE_WIDTH = '7rem';
const wide = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 48em)').matches;

export function UsersScreen(props: UsersScreenProps) {
  return useUsersCatalog() ? <UsersScreenBody {...props} /> : null;
}

type Opened = { kind: 'edit'; row?: UserRow; key: number } | { kind: 'reset'; row: UserRow } | { kind: 'report'; report: InitReport } | { kind: 'settings' };
type Confirming = { kind: 'delete'; rows: UserRow[] } | { kind: 'initAll' } | { kind: 'initRows'; rows: UserRow[] };

function UsersScreenBody({ search, onSearchChange }: UsersScreenProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const table = useTableQuery<UserRow>(userListInput(search));
  const options = useQuery(userOptionsQuery);
  const rows = table.rows;
  const [draft, setDraft] = useSearchDraft<Draft>(fieldsOf(search));
  const [orgName, setOrgName] = useState('');
  const [selected, setSelected] = useListSelection(search);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);
  /** 停用 asks first (it ends the person's sessions); 启用 is one tap. */
  const [disabling, setDisabling] = useState<UserRow | null>(null);
  const [importErrors, setImportErrors] = useState<{ row: number; message: string }[]>([]);

  const act = useCallback(
    async (work: () => Promise<unknown>, done: string) => {
      setBusy(true);
      try {
        await work();
        if (done) notify.success(done);
      } catch (error) {
        if (error instanceof HttpError && error.kind === 'failure') notify.error(error.msg);
      } finally {
        setBusy(false);
        await refreshUsers(queryClient);
      }
    },
    [queryClient],
  );

  const initialize = useCallback(
    (body: InitTarget & { includeInitialized: boolean }) =>
      act(async () => {
        const report = await initializeUsers(body);
        setSelected(new Set());
        setOpened({ kind: 'report', report });
      }, ''),
    [act, setSelected],
  );

  const selectLabel = useCallback((name: string) => t`选择 ${name}`, [t]);
  const columns = useMemo(
    (): DataTableColumn<UserRow>[] => [
      selectionColumn<UserRow>({ rows, rowKey, selected, onChange: setSelected, allLabel: t`全选`, rowLabel: (row) => selectLabel(row.name), testId: 'user-select' }),
      // The values people type (name, account, number, org, roles) are cut at VALUE_WIDTH with the whole text on hover:
      // with the fixed words (type, state, 账号初始化) and the 操作 column wrapped, the widest page fits 1366 px in English.
      { key: 'name', title: t`姓名`, truncate: true, maxWidth: VALUE_WIDTH, card: 'title', render: (row) => <Text as="span" fontWeight="medium" data-testid="user-name">{row.name}</Text> },
      { key: 'username', title: t`账号`, truncate: true, maxWidth: VALUE_WIDTH, card: 'key', render: (row) => <Text as="span" fontFamily="mono" fontSize="sm" data-testid="user-account">{row.username}</Text> },
      { key: 'userType', title: t`用户类型`, card: 'key', render: (row) => i18n._(USER_TYPE_LABELS[row.userType]) },
      { key: 'userNo', title: t`工号/学号`, hideBelow: 'md', truncate: true, maxWidth: VALUE_WIDTH, render: (row) => row.userNo || '—' },
      { key: 'org', title: t`组织机构`, hideBelow: 'md', truncate: true, maxWidth: VALUE_WIDTH, card: 'key', render: (row) => row.orgUnitName || '—' },
      { key: 'roles', title: t`角色`, hideBelow: 'lg', truncate: true, maxWidth: VALUE_WIDTH, render: (row) => formatList(row.roleNames) || '—' },
      {
        key: 'state',
        title: t`状态`,
        card: 'key',
        render: (row) => (
          <Stack gap="1" data-testid="user-state">
            <Badge colorPalette={row.enabled ? 'green' : 'gray'} width="fit-content">
              {row.enabled ? t`正常` : t`已停用`}
            </Badge>
            {row.lockedUntil && (
              <Text fontSize="xs" color="fg.error" data-testid="user-locked">
                {t`锁定至 ${showTime(row.lockedUntil)}`}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        key: 'initialized',
        title: t`账号初始化`,
        hideBelow: 'sm',
        render: (row) => (
          <Text fontSize="sm" color={row.accountInitializedAt ? undefined : 'fg.muted'} data-testid="user-initialized">
            {row.accountInitializedAt ? t`已初始化` : t`未初始化`}
          </Text>
        ),
      },
    ],
    [rows, selected, setSelected, t, i18n, selectLabel],
  );
  const mayEdit = usePermitted({ anyOf: [USERS_EDIT_PERMISSION] });
  const mayReset = usePermitted({ anyOf: [USERS_RESET_PWD_PERMISSION] });
  const mayInit = usePermitted({ anyOf: [USERS_INIT_PERMISSION] });
  const mayDelete = usePermitted({ anyOf: [USERS_DELETE_PERMISSION] });
  /** 编辑 first (the card's button); 重置密码, 初始化 and 删除 are the dangerous ones, apart on phones. */
  const actions = useCallback(
    (row: UserRow): RowAction[] => [
      { key: 'edit', label: t`编辑`, hidden: !mayEdit, primary: true, onClick: () => setOpened({ kind: 'edit', row, key: Date.now() }), testId: 'user-edit' },
      {
        key: 'toggle',
        label: row.enabled ? t`停用` : t`启用`,
        hidden: !mayEdit,
        disabled: busy,
        onClick: () => (row.enabled ? setDisabling(row) : void act(() => setUsersEnabled([row.id], true), t`已启用`)),
        testId: 'user-toggle',
      },
      { key: 'unlock', label: t`解锁`, hidden: !mayEdit || !row.lockedUntil, disabled: busy, onClick: () => void act(() => unlockUsers([row.id]), t`已解锁`), testId: 'user-unlock' },
      { key: 'reset', label: t`重置密码`, hidden: !mayReset, danger: true, onClick: () => setOpened({ kind: 'reset', row }), testId: 'user-reset' },
      { key: 'init', label: t`初始化`, hidden: !mayInit || row.userType === '4', danger: true, disabled: busy, onClick: () => setConfirming({ kind: 'initRows', rows: [row] }), testId: 'user-init' },
      { key: 'delete', label: t`删除`, hidden: !mayDelete, danger: true, onClick: () => setConfirming({ kind: 'delete', rows: [row] }), testId: 'user-delete' },
    ],
    [t, mayEdit, mayReset, mayInit, mayDelete, busy, act],
  );

  const selectedRows = rows.filter((row) => selected.has(row.id));

  const initTarget: InitTarget | null =
    confirming?.kind === 'initRows' ? { ids: confirming.rows.map((row) => row.id) } : confirming?.kind === 'initAll' ? { all: true, search: JSON.stringify(userFilters(search)) } : null;
  const preview = useQuery({ ...initPreviewQuery(initTarget ?? { ids: [] }), enabled: initTarget !== null });
  const [includeInitialized, setIncludeInitialized] = useState(false);
  useEffect(() => setIncludeInitialized(false), [confirming]);

  const confirm = async () => {
    const current = confirming;
    const include = includeInitialized;
    setConfirming(null);
    if (!current) return;
    if (current.kind === 'delete') {
      await act(async () => {
        await deleteUsers(current.rows.map((row) => row.id));
        setSelected(new Set());
      }, t`删除成功`);
    } else if (current.kind === 'initRows') {
      await initialize({ ids: current.rows.map((row) => row.id), includeInitialized: include });
    } else {
      await initialize({ all: true, search: JSON.stringify(userFilters(search)), includeInitialized: include });
    }
  };

  const doExport = async () => {
    try {
      await exportUsers(search);
    } catch (error) {
      if (error instanceof HttpError) notify.error(error.msg);
    }
  };

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>用户管理</Trans>
        </Heading>
        <Permission anyOf={[USERS_INIT_PERMISSION]}>
          <Button variant="outline" minH="11" onClick={() => setOpened({ kind: 'settings' })} data-testid="user-init-settings">
            <Trans>初始化设置</Trans>
          </Button>
          <Button
            variant="outline"
            minH="11"
            disabled={busy}
            onClick={() => setConfirming(selectedRows.length > 0 ? { kind: 'initRows', rows: selectedRows } : { kind: 'initAll' })}
            data-testid="user-init-bulk"
          >
            {selectedRows.length > 0 ? <Trans>初始化所选账号</Trans> : <Trans>初始化全部查询结果</Trans>}
          </Button>
        </Permission>
        <ImportButton
          url={URLS.import}
          permission={USERS_IMPORT_PERMISSION}
          templateUrl={URLS.importTemplate}
          templateName={t`用户导入模板.xlsx`}
          accept=".xlsx"
          placement="bottom-end"
          testId="user-import"
          hint={<Trans>按模板填写；任何一行有错误时不导入任何用户</Trans>}
          onImported={() => {
            setImportErrors([]);
            void refreshUsers(queryClient);
          }}
          onFailed={(failure: ImportFailure) => {
            const errors = (failure.data as { errors?: { row: number; message: string }[] } | null)?.errors ?? [];
            setImportErrors(errors);
            return errors.length > 0;
          }}
        />
        <Permission anyOf={[USERS_EXPORT_PERMISSION]}>
          <Button variant="outline" minH="11" onClick={() => void doExport()} data-testid="user-export">
            <Trans>导出</Trans>
          </Button>
        </Permission>
        <Permission anyOf={[USERS_ADD_PERMISSION]}>
          <Button colorPalette="brand" minH="11" onClick={() => setOpened({ kind: 'edit', key: Date.now() })} data-testid="user-add">
            <Trans>新增用户</Trans>
          </Button>
        </Permission>
      </Flex>
      <SearchHeader
        busy={table.refreshing}
        defaultOpen={wide()}
        onSearch={() =>
          onSearchChange(
            compactSearch<UserSearchParams>({
              size: search.size,
              keyword: draft.keyword.trim() || undefined,
              userType: (draft.userType || undefined) as UserSearchParams['userType'],
              org: draft.org || undefined,
              enabled: (draft.enabled || undefined) as UserSearchParams['enabled'],
              locked: (draft.locked || undefined) as UserSearchParams['locked'],
              initialized: (draft.initialized || undefined) as UserSearchParams['initialized'],
            }),
          )
        }
        onReset={() => {
          setDraft(fieldsOf({}));
          setOrgName('');
          onSearchChange(compactSearch({ size: search.size }));
        }}
      >
        <SearchTextField label={<Trans>姓名、账号或工号/学号</Trans>} value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="user-search-keyword" />
        <SearchSelectField
          label={<Trans>用户类型</Trans>}
          value={draft.userType}
          onChange={(userType) => setDraft({ ...draft, userType })}
          choices={USER_TYPES.map((type) => ({ value: type, label: i18n._(USER_TYPE_LABELS[type]) }))}
          testId="user-search-type"
        />
        <Field.Root width={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="sm">
            <Trans>组织机构</Trans>
          </Field.Label>
          <PeopleOrgRoleSelector
            types={['org']}
            multiple={false}
            limit={1}
            value={draft.org ? `O_${draft.org}` : ''}
            placeholder={orgName || options.data?.orgUnits.find((unit) => unit.id === draft.org)?.name || undefined}
            aria-label={t`组织机构`}
            onChange={(value, entries) => {
              setDraft({ ...draft, org: value.split(',').find((code) => code.startsWith('O_'))?.slice(2) ?? '' });
              setOrgName(entries[0]?.NAME ?? '');
            }}
          />
        </Field.Root>
        <SearchSelectField
          label={<Trans>状态</Trans>}
          value={draft.enabled}
          onChange={(enabled) => setDraft({ ...draft, enabled })}
          choices={[
            { value: '1', label: t`正常` },
            { value: '0', label: t`已停用` },
          ]}
          testId="user-search-enabled"
        />
        <SearchSelectField
          label={<Trans>锁定</Trans>}
          value={draft.locked}
          onChange={(locked) => setDraft({ ...draft, locked })}
          choices={[
            { value: '1', label: t`已锁定` },
            { value: '0', label: t`未锁定` },
          ]}
          testId="user-search-locked"
        />
        <SearchSelectField
          label={<Trans>账号初始化</Trans>}
          value={draft.initialized}
          onChange={(initialized) => setDraft({ ...draft, initialized })}
          choices={[
            { value: '1', label: t`已初始化` },
            { value: '0', label: t`未初始化` },
          ]}
          testId="user-search-initialized"
        />
      </SearchHeader>
      {importErrors.length > 0 && (
        <Box borderWidth="1px" borderColor="border.error" borderRadius="l2" p="3" role="alert" data-testid="user-import-errors">
          <Flex align="center" mb="1">
            <Text fontSize="sm" color="fg.error" flex="1">
              <Trans>导入失败：以下行有错误，没有导入任何用户</Trans>
            </Text>
            <Button size="xs" variant="ghost" onClick={() => setImportErrors([])}>
              <Trans>关闭</Trans>
            </Button>
          </Flex>
          <Stack gap="1" fontSize="sm">
            {importErrors.map((error) => (
              <Text key={error.row}>
                <Trans>第 {error.row} 行：</Trans>
                {error.message}
              </Text>
            ))}
          </Stack>
        </Box>
      )}
      <Permission anyOf={[USERS_DELETE_PERMISSION]}>
        <BatchDeleteBar selectedCount={selectedRows.length} onDelete={() => setConfirming({ kind: 'delete', rows: selectedRows })} testId="user-batch-delete" />
      </Permission>
      <DataTable
        data-testid="users"
        columns={columns}
        rows={rows}
        total={table.total}
        loading={table.loading}
        refreshing={table.refreshing}
        rowKey={rowKey}
        actions={actions}
        rowProps={(row) => ({ 'data-testid': 'user-row', 'data-id': row.id, 'data-account': row.username })}
        {...urlPaging(search, onSearchChange)}
      />
      <ConfirmDialog
        open={confirming !== null}
        busy={busy}
        title={confirming?.kind === 'delete' ? <Trans>删除用户</Trans> : <Trans>账号初始化</Trans>}
        confirmLabel={confirming?.kind === 'delete' ? undefined : <Trans>初始化</Trans>}
        onCancel={() => {
          if (confirming?.kind === 'delete') notify.info(t`已取消删除操作`);
          setConfirming(null);
        }}
        onConfirm={() => void confirm()}
      >
        {confirming?.kind === 'delete' ? (
          <Trans>此操作将永久删除所选数据, 是否继续?</Trans>
        ) : (
          <InitConfirmBody
            all={confirming?.kind === 'initAll'}
            preview={preview.data}
            failed={preview.isError}
            includeInitialized={includeInitialized}
            onIncludeInitialized={setIncludeInitialized}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={disabling !== null}
        busy={busy}
        title={<Trans>停用账号</Trans>}
        confirmLabel={<Trans>停用</Trans>}
        onCancel={() => setDisabling(null)}
        onConfirm={() => {
          const row = disabling;
          setDisabling(null);
          if (row) void act(() => setUsersEnabled([row.id], false), t`已停用`);
        }}
      >
        <DisableConfirmBody name={disabling?.name ?? ''} username={disabling?.username ?? ''} />
      </ConfirmDialog>
      <Suspense fallback={null}>
        {opened?.kind === 'edit' && options.data && (
          <UserDrawer
            key={opened.key}
            row={opened.row}
            options={options.data}
            onClose={() => setOpened(null)}
            onSave={async (body) => {
              await saveUser(body);
              notify.success(t`保存成功`);
              setOpened(null);
              await refreshUsers(queryClient);
            }}
          />
        )}
        {opened?.kind === 'reset' && <ResetPasswordDialog row={opened.row} onClose={() => setOpened(null)} />}
        {opened?.kind === 'report' && <InitReportDialog report={opened.report} onClose={() => setOpened(null)} />}
        {opened?.kind === 'settings' && <AccountSettingsDialog onClose={() => setOpened(null)} />}
      </Suspense>
    </Stack>
  );
}

/** The account initialisation confirm: the rule, then the server's numbers for these people. */
function InitConfirmBody({
  all,
  preview,
  failed,
  includeInitialized,
  onIncludeInitialized,
}: {
  all: boolean;
  preview: { fresh: number; initialized: number; max: number } | undefined;
  failed: boolean;
  includeInitialized: boolean;
  onIncludeInitialized: (value: boolean) => void;
}) {
  const fresh = preview?.fresh ?? 0;
  const initialized = preview?.initialized ?? 0;
  const max = preview?.max ?? 0;
  const count = fresh + (includeInitialized ? initialized : 0);
  return (
    <Stack gap="2" data-testid="user-init-confirm">
      <Text>
        {all ? <Trans>按当前查询条件初始化全部查询结果的账号。</Trans> : <Trans>初始化所选用户的账号。</Trans>}{' '}
        <Trans>账号为工号/学号，密码为身份证号后6位（字母大写），学生同时生成家长账号。</Trans>
      </Text>
      {failed ? (
        <Text color="fg.error">
          <Trans>无法获取将要初始化的人数，请稍后重试</Trans>
        </Text>
      ) : !preview ? (
        <Text color="fg.muted">
          <Trans>正在统计…</Trans>
        </Text>
      ) : (
        <>
          <Text data-testid="user-init-fresh">
            <Trans>将为 {fresh} 人创建账号。</Trans>
          </Text>
          {initialized > 0 && (
            <>
              <Text color={includeInitialized ? 'fg.error' : undefined} data-testid="user-init-reset">
                {includeInitialized ? (
                  <Trans>将重置 {initialized} 个已初始化的账号：原密码作废，需重新登录。</Trans>
                ) : (
                  <Trans>跳过 {initialized} 个已初始化的账号。</Trans>
                )}
              </Text>
              <SingleCheckbox
                id="user-init-include"
                checked={includeInitialized}
                onChange={onIncludeInitialized}
                label={<Trans>同时重置已初始化的账号</Trans>}
              />
            </>
          )}
          {count > max && (
            <Text color="fg.error" data-testid="user-init-too-many">
              <Trans>一次最多初始化 {max} 人，请缩小查询范围（如按组织机构、用户类型筛选）。</Trans>
            </Text>
          )}
          <Text>
            <Trans>是否继续?</Trans>
          </Text>
        </>
      )}
    </Stack>
  );
}

/** The 停用 confirm's question: the person is logged out and cannot log in again. */
function DisableConfirmBody({ name, username }: { name: string; username: string }) {
  return (
    <Text data-testid="user-disable-confirm">
      <Trans>停用后，{name}（{username}）将被退出登录且无法再登录。是否继续?</Trans>
    </Text>
  );
}
