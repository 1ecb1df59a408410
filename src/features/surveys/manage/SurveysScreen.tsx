/**
 * 问卷管理 /survey/cjwj (issue 9; H3): the search header (keyword, published, in use, time state), the
 * list (table A over /api/surveys/list: title, time range, audience, anonymity, state tags, answers
 * against the target, creator, actions) with its search in the URL, and the actions by permission
 * (survey_cjwj_add / _edit / _delete / _publish) and the row's `can`: 新建 (the editor with a new id),
 * 编辑, 预览, 统计, 发布 / 取消发布 (asks first; without survey_cjwj_publish it answers SPEC §6's
 * 没有发布问卷的权限，请联系管理员 without calling), 启用 / 停用, 复制, 删除 (asks; batch of the
 * selected), and for everyone-audience questionnaires 复制链接 and 二维码. Server refusals show their
 * msg; 40900 refreshes the list.
 */
import { Badge, Box, Button, chakra, Flex, Heading, HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { SurveyRow } from '../../../../contracts/surveys';
import { SURVEY_PATHS, SURVEY_PERMISSIONS, TIME_STATES } from '../../../../contracts/survey-rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MoreIcon } from '../../../components/icons';
import { useGrants } from '../../../components/Permission';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { BatchDeleteBar } from '../../../components/table/BatchDeleteBar';
import { SearchHeader } from '../../../components/SearchHeader';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { copyText } from '../../../lib/clipboard';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { onScopeChange } from '../../../lib/offline/db';
import { DEVICE_DRAFT_DAYS, dropDraft, unsavedNewDrafts, type DeviceDraft } from '../builder/draft';
import { shortRange, showTime } from '../builder/time';
import { useSurveysCatalog } from '../catalog';
import {
  anonymityLabel,
  AUDIENCE_LABELS,
  IN_USE_LABELS,
  inUseColor,
  inUseLabel,
  PUBLISHED_LABELS,
  publishedColor,
  publishedLabel,
  TIME_STATE_COLORS,
  TIME_STATE_LABELS,
} from '../labels';
import { copySurvey, deleteSurveys, publishSurvey, refreshSurveys, setSurveyInUse, surveyListInput, surveyQrQuery } from '../manage-api';
import { wide } from './layout';
import { compactSearch, type SurveyListSearchParams } from './search';
import { urlPaging } from '../../../lib/search-params';

const QrDialog = lazy(() => import('./QrDialog'));

export interface SurveysScreenProps {
  search: SurveyListSearchParams;
  onSearchChange: (next: SurveyListSearchParams) => void;
  /** goes to another screen of the feature (editor, preview, results) */
  go: (path: string, search: Record<string, string>) => void;
}

type Pending =
  | { kind: 'publish'; row: SurveyRow; published: boolean }
  | { kind: 'delete'; rows: SurveyRow[] }
  | { kind: 'discard'; kept: DeviceDraft };

const fieldsOf = (search: SurveyListSearchParams) => ({ keyword: search.keyword ?? '', published: search.published ?? '', inUse: search.inUse ?? '', timeState: search.timeState ?? '' });
const rowKey = (row: SurveyRow) => row.id;

export function SurveysScreen(props: SurveysScreenProps) {
  return useSurveysCatalog() ? <SurveysScreenBody {...props} /> : null;
}

function SurveysScreenBody({ search, onSearchChange, go }: SurveysScreenProps) {
  const { t, i18n } = useLingui();
  const grants = useGrants();
  const queryClient = useQueryClient();
  const has = (code: string) => grants.permissions.includes(code);
  const canAdd = has(SURVEY_PERMISSIONS.add);
  const canDelete = has(SURVEY_PERMISSIONS.delete);
  const canPublish = has(SURVEY_PERMISSIONS.publish);

  const table = useTableQuery<SurveyRow>(surveyListInput(search));
  const rows = table.rows;
  const [draft, setDraft] = useState(() => fieldsOf(search));
  const urlFields = JSON.stringify(fieldsOf(search));
  useEffect(() => setDraft(JSON.parse(urlFields) as ReturnType<typeof fieldsOf>), [urlFields]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const listKey = JSON.stringify(search);
  useEffect(() => setSelected(new Set()), [listKey]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<SurveyRow | null>(null);
  // this user's unsaved new questionnaires kept on the device (the editor's drafts of version 0)
  const [deviceDrafts, setDeviceDrafts] = useState<DeviceDraft[]>([]);
  useEffect(() => {
    const read = () => setDeviceDrafts(unsavedNewDrafts());
    read();
    return onScopeChange(read);
  }, []);

  /** A call's refusal: its msg; 40900 (changed meanwhile) also refreshes the list. */
  const refused = useCallback(
    async (error: unknown) => {
      if (error instanceof HttpError && error.kind === 'failure') notify.error(error.msg);
      if (error instanceof HttpError && error.code === 40900) await refreshSurveys(queryClient);
    },
    [queryClient],
  );

  const askPublish = useCallback(
    (row: SurveyRow, published: boolean) => {
      // SPEC §6: publishing needs the permission; the button is offered and says so without calling
      if (!canPublish) {
        notify.error(t`没有发布问卷的权限，请联系管理员`);
        return;
      }
      setPending({ kind: 'publish', row, published });
    },
    [canPublish, t],
  );

  const toggleInUse = useCallback(
    async (row: SurveyRow) => {
      try {
        const answer = await setSurveyInUse(row.id, row.version, !row.inUse);
        notify.success(row.inUse ? t`已停用` : t`已启用`);
        await refreshSurveys(queryClient, answer);
      } catch (error) {
        await refused(error);
      }
    },
    [queryClient, refused, t],
  );

  const copy = useCallback(
    async (row: SurveyRow) => {
      try {
        const answer = await copySurvey(row.id, crypto.randomUUID());
        notify.success(t`已复制为新的未发布问卷`);
        await refreshSurveys(queryClient, answer);
      } catch (error) {
        await refused(error);
      }
    },
    [queryClient, refused, t],
  );

  /** 复制链接: the link as the server makes it from the school's public address (the QR code's), or its refusal */
  const copyLink = useCallback(
    async (row: SurveyRow) => {
      try {
        await copyText((await queryClient.fetchQuery(surveyQrQuery(row.id))).link);
      } catch (error) {
        await refused(error);
      }
    },
    [queryClient, refused],
  );

  const confirm = async () => {
    if (!pending) return;
    if (pending.kind === 'discard') {
      dropDraft(pending.kept.draft.id);
      setDeviceDrafts((list) => list.filter((kept) => kept.draft.id !== pending.kept.draft.id));
      notify.success(t`已丢弃`);
      setPending(null);
      return;
    }
    setBusy(true);
    try {
      if (pending.kind === 'publish') {
        const answer = await publishSurvey(pending.row.id, pending.row.version, pending.published);
        notify.success(pending.published ? t`问卷已发布` : t`问卷已取消发布`);
        await refreshSurveys(queryClient, answer);
      } else {
        await deleteSurveys(pending.rows.map((row) => row.id));
        notify.success(t`删除成功`);
        setSelected(new Set());
        await refreshSurveys(queryClient);
      }
      setPending(null);
    } catch (error) {
      setPending(null);
      await refused(error);
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo((): DataTableColumn<SurveyRow>[] => {
    const list: DataTableColumn<SurveyRow>[] = [];
    const selectLabel = (name: string) => t`选择 ${name}`;
    const moreLabel = (name: string) => t`更多操作：${name}`;
    const creatorText = (name: string) => t`创建人：${name}`;
    if (canDelete) {
      list.push(
        selectionColumn<SurveyRow>({
          rows,
          rowKey,
          selected,
          onChange: setSelected,
          selectable: (row) => row.can.delete,
          allLabel: t`全选`,
          rowLabel: (row) => selectLabel(row.title),
          testId: 'survey-select',
        }),
      );
    }
    list.push({
      key: 'title',
      title: t`问卷标题`,
      minWidth: '48',
      render: (row) => (
        <Box>
          <Button variant="plain" p="0" h="auto" minH="0" whiteSpace="normal" textAlign="start" fontWeight="medium" colorPalette="brand" onClick={() => go(SURVEY_PATHS.edit, { id: row.id })} data-testid="survey-open">
            {row.title}
          </Button>
          <Text fontSize="xs" color="fg.muted" data-testid="survey-creator">
            {creatorText(row.createdByName)}
          </Text>
          {/* phones: the range and the states under the title (their columns are hidden) */}
          <Text fontSize="xs" color="fg.muted" hideFrom="md">
            {shortRange(row.startsAt, row.endsAt)}
          </Text>
          <HStack gap="1" wrap="wrap" mt="1" hideFrom="md">
            <Badge size="sm" colorPalette={publishedColor(row.published)}>
              {i18n._(publishedLabel(row.published))}
            </Badge>
            <Badge size="sm" colorPalette={inUseColor(row.inUse)} variant="outline">
              {i18n._(inUseLabel(row.inUse))}
            </Badge>
            <Badge size="sm" colorPalette={TIME_STATE_COLORS[row.timeState]} variant="subtle">
              {i18n._(TIME_STATE_LABELS[row.timeState])}
            </Badge>
          </HStack>
        </Box>
      ),
    });
    list.push({
      key: 'range',
      title: t`起止时间`,
      hideBelow: 'md',
      nowrap: true,
      render: (row) => (
        <Stack gap="0" fontSize="sm">
          <Text>{showTime(row.startsAt)}</Text>
          <Text color="fg.muted">~ {showTime(row.endsAt)}</Text>
        </Stack>
      ),
    });
    list.push({
      key: 'audience',
      title: t`填写对象`,
      nowrap: true,
      hideBelow: 'lg',
      render: (row) => (
        <Stack gap="0">
          <Text>{i18n._(AUDIENCE_LABELS[row.audience])}</Text>
          <Text fontSize="xs" color="fg.muted">
            {i18n._(anonymityLabel(row.anonymous))}
          </Text>
        </Stack>
      ),
    });
    list.push({
      key: 'state',
      title: t`状态`,
      hideBelow: 'md',
      render: (row) => (
        <HStack gap="1" wrap="wrap" data-testid="survey-state">
          <Badge colorPalette={publishedColor(row.published)} data-testid="state-published">
            {i18n._(publishedLabel(row.published))}
          </Badge>
          <Badge colorPalette={inUseColor(row.inUse)} variant="outline" data-testid="state-in-use">
            {i18n._(inUseLabel(row.inUse))}
          </Badge>
          <Badge colorPalette={TIME_STATE_COLORS[row.timeState]} variant="subtle" data-testid="state-time">
            {i18n._(TIME_STATE_LABELS[row.timeState])}
          </Badge>
        </HStack>
      ),
    });
    list.push({
      key: 'answers',
      title: t`答卷数`,
      align: 'end',
      nowrap: true,
      hideBelow: 'sm',
      render: (row) => <span data-testid="survey-answers">{row.targetCount === null ? String(row.answerCount) : `${row.answerCount} / ${row.targetCount}`}</span>,
    });
    list.push({
      key: 'actions',
      title: t`操作`,
      nowrap: true,
      render: (row) => (
        <HStack gap="1">
          {row.can.edit && (
            <Button size="xs" variant="outline" hideBelow="sm" onClick={() => go(SURVEY_PATHS.edit, { id: row.id })} data-testid="survey-edit">
              <Trans>编辑</Trans>
            </Button>
          )}
          <Button size="xs" variant="outline" hideBelow="xl" onClick={() => go(SURVEY_PATHS.preview, { id: row.id })} data-testid="survey-preview">
            <Trans>预览</Trans>
          </Button>
          {row.can.results && (
            <Button size="xs" variant="outline" hideBelow="xl" onClick={() => go(SURVEY_PATHS.results, { id: row.id })} data-testid="survey-results">
              <Trans>统计</Trans>
            </Button>
          )}
          <Button size="xs" colorPalette={row.published ? 'gray' : 'brand'} variant={row.published ? 'outline' : 'solid'} onClick={() => askPublish(row, !row.published)} data-testid="survey-publish">
            {row.published ? <Trans>取消发布</Trans> : <Trans>发布</Trans>}
          </Button>
          <Menu.Root
            onSelect={(details) => {
              switch (details.value) {
                case 'edit':
                  return go(SURVEY_PATHS.edit, { id: row.id });
                case 'preview':
                  return go(SURVEY_PATHS.preview, { id: row.id });
                case 'results':
                  return go(SURVEY_PATHS.results, { id: row.id });
                case 'in-use':
                  return void toggleInUse(row);
                case 'copy':
                  return void copy(row);
                case 'link':
                  return void copyLink(row);
                case 'qr':
                  return setQr(row);
                case 'delete':
                  return setPending({ kind: 'delete', rows: [row] });
              }
            }}
          >
            <Menu.Trigger asChild>
              <Button size="xs" variant="ghost" aria-label={moreLabel(row.title)} data-testid="survey-more">
                <MoreIcon />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="40">
                  {row.can.edit && (
                    <Menu.Item value="edit" hideFrom="sm">
                      <Trans>编辑</Trans>
                    </Menu.Item>
                  )}
                  <Menu.Item value="preview" hideFrom="xl">
                    <Trans>预览</Trans>
                  </Menu.Item>
                  {row.can.results && (
                    <Menu.Item value="results" hideFrom="xl" data-testid="survey-results-item">
                      <Trans>统计</Trans>
                    </Menu.Item>
                  )}
                  {row.can.edit && (
                    <Menu.Item value="in-use" data-testid="survey-in-use">
                      {row.inUse ? <Trans>停用</Trans> : <Trans>启用</Trans>}
                    </Menu.Item>
                  )}
                  {canAdd && (
                    <Menu.Item value="copy" data-testid="survey-copy">
                      <Trans>复制</Trans>
                    </Menu.Item>
                  )}
                  {row.audience === 'everyone' && (
                    <>
                      <Menu.Item value="link" data-testid="survey-copy-link">
                        <Trans>复制链接</Trans>
                      </Menu.Item>
                      <Menu.Item value="qr" data-testid="survey-qr">
                        <Trans>二维码</Trans>
                      </Menu.Item>
                    </>
                  )}
                  {row.can.delete && (
                    <Menu.Item value="delete" color="fg.error" data-testid="survey-delete">
                      <Trans>删除</Trans>
                    </Menu.Item>
                  )}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </HStack>
      ),
    });
    return list;
  }, [rows, canDelete, canAdd, selected, t, i18n, go, askPublish, toggleInUse, copy, copyLink]);

  const rowProps = (row: SurveyRow) => ({
    'data-testid': 'survey-row',
    'data-id': row.id,
    'data-published': row.published ? '1' : '0',
    'data-in-use': row.inUse ? '1' : '0',
  });

  const selectedRows = rows.filter((row) => selected.has(row.id));
  const selectedCount = selectedRows.length;
  const title = pending?.kind === 'publish' ? pending.row.title : '';
  const discardTitle = pending?.kind === 'discard' ? pending.kept.draft.title.trim() || t`未命名问卷` : '';
  const deleteCount = pending?.kind === 'delete' ? pending.rows.length : 0;
  const publishing = pending?.kind === 'publish' && pending.published;

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>问卷管理</Trans>
        </Heading>
        {canAdd && (
          <Button colorPalette="brand" minH="11" onClick={() => go(SURVEY_PATHS.edit, { id: crypto.randomUUID() })} data-testid="survey-new">
            <Trans>新建问卷</Trans>
          </Button>
        )}
      </Flex>

      {deviceDrafts.length > 0 && <DeviceDrafts drafts={deviceDrafts} onContinue={(id) => go(SURVEY_PATHS.edit, { id })} onDiscard={(kept) => setPending({ kind: 'discard', kept })} />}

      <SearchHeader
        busy={table.refreshing}
        defaultOpen={wide()}
        onSearch={() =>
          onSearchChange(
            compactSearch<SurveyListSearchParams>({
              size: search.size,
              keyword: draft.keyword.trim() || undefined,
              published: (draft.published || undefined) as SurveyListSearchParams['published'],
              inUse: (draft.inUse || undefined) as SurveyListSearchParams['inUse'],
              timeState: (draft.timeState || undefined) as SurveyListSearchParams['timeState'],
            }),
          )
        }
        onReset={() => {
          setDraft({ keyword: '', published: '', inUse: '', timeState: '' });
          onSearchChange(compactSearch({ size: search.size }));
        }}
      >
        <SearchTextField label={<Trans>问卷标题</Trans>} value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="search-keyword" />
        <SearchSelectField
          label={<Trans>发布状态</Trans>}
          value={draft.published}
          onChange={(published) => setDraft({ ...draft, published })}
          choices={[
            { value: 'yes', label: i18n._(PUBLISHED_LABELS.yes) },
            { value: 'no', label: i18n._(PUBLISHED_LABELS.no) },
          ]}
        />
        <SearchSelectField
          label={<Trans>启用状态</Trans>}
          value={draft.inUse}
          onChange={(inUse) => setDraft({ ...draft, inUse })}
          choices={[
            { value: 'yes', label: i18n._(IN_USE_LABELS.yes) },
            { value: 'no', label: i18n._(IN_USE_LABELS.no) },
          ]}
        />
        <SearchSelectField
          label={<Trans>时间状态</Trans>}
          value={draft.timeState}
          onChange={(timeState) => setDraft({ ...draft, timeState })}
          choices={TIME_STATES.map((state) => ({ value: state, label: i18n._(TIME_STATE_LABELS[state]) }))}
        />
      </SearchHeader>

      {canDelete && <BatchDeleteBar selectedCount={selectedCount} onDelete={() => setPending({ kind: 'delete', rows: selectedRows })} testId="survey-batch-delete" />}

      <DataTable
        data-testid="surveys"
        columns={columns}
        rows={rows}
        total={table.total}
        loading={table.loading}
        refreshing={table.refreshing}
        rowKey={rowKey}
        rowProps={rowProps}
        {...urlPaging(search, onSearchChange)}
      />

      <ConfirmDialog
        open={pending !== null}
        busy={busy}
        title={
          pending?.kind === 'delete' ? <Trans>删除问卷</Trans> : pending?.kind === 'discard' ? <Trans>丢弃未保存的问卷</Trans> : publishing ? <Trans>发布问卷</Trans> : <Trans>取消发布</Trans>
        }
        onCancel={() => {
          if (pending?.kind === 'delete') notify.info(t`已取消删除操作`);
          setPending(null);
        }}
        onConfirm={() => void confirm()}
      >
        {pending?.kind === 'delete' ? (
          <Trans>确定删除所选的 {deleteCount} 份问卷吗？问卷的答卷将一并删除，且不可恢复。</Trans>
        ) : pending?.kind === 'discard' ? (
          <Trans>确定丢弃本机保存的未保存问卷“{discardTitle}”吗？丢弃后不可恢复。</Trans>
        ) : publishing ? (
          <Trans>确定发布问卷“{title}”吗？发布后填写对象会收到通知，题目将不能再修改。</Trans>
        ) : (
          <Trans>确定取消发布问卷“{title}”吗？取消后将不能再填写，已有答卷会保留。</Trans>
        )}
      </ConfirmDialog>
      <Suspense fallback={null}>{qr && <QrDialog id={qr.id} title={qr.title} onClose={() => setQr(null)} />}</Suspense>
    </Stack>
  );
}

/** 问卷管理's notice of this user's unsaved new questionnaires kept on the device: 继续编辑 / 丢弃. */
function DeviceDrafts({ drafts, onContinue, onDiscard }: { drafts: DeviceDraft[]; onContinue: (id: string) => void; onDiscard: (kept: DeviceDraft) => void }) {
  const { t } = useLingui();
  const count = drafts.length;
  const days = DEVICE_DRAFT_DAYS;
  return (
    <Box borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="3" data-testid="device-drafts" role="region" aria-label={t`本机未保存的新问卷`}>
      <Text fontWeight="medium" mb="2">
        <Trans>本机有 {count} 份未保存的新问卷</Trans>
      </Text>
      <Stack gap="2" as="ul" listStyleType="none">
        {drafts.map((kept) => {
          const name = kept.draft.title.trim() || t`未命名问卷`;
          const time = showTime(new Date(kept.at).toISOString());
          return (
            <Flex as="li" key={kept.draft.id} gap="2" align="center" wrap="wrap" data-testid="device-draft" data-id={kept.draft.id}>
              <Box flex="1" minW="48">
                <Text data-testid="device-draft-title">{name}</Text>
                <Text fontSize="xs" color="fg.muted">
                  <Trans>保存于本机 {time}</Trans>
                  {kept.old && (
                    <chakra.span color="fg.warning" data-testid="device-draft-old">
                      {' '}
                      <Trans>（已超过 {days} 天，下次打开本页时将不再保留）</Trans>
                    </chakra.span>
                  )}
                </Text>
              </Box>
              <Button size="xs" colorPalette="brand" minH="9" onClick={() => onContinue(kept.draft.id)} aria-label={t`继续编辑：${name}`} data-testid="device-draft-continue">
                <Trans>继续编辑</Trans>
              </Button>
              <Button size="xs" variant="outline" colorPalette="red" minH="9" onClick={() => onDiscard(kept)} aria-label={t`丢弃：${name}`} data-testid="device-draft-discard">
                <Trans>丢弃</Trans>
              </Button>
            </Flex>
          );
        })}
      </Stack>
    </Box>
  );
}
