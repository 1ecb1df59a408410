import { Badge, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MineRow } from '../../../../contracts/surveys';
import { useConnectivity } from '../../../components/offline/useConnectivity';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { SearchHeader } from '../../../components/SearchHeader';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/table/DataTable';
import { useTableQuery } from '../../../components/table/table-query';
import { mineListInput, prefetchOpenViews } from '../answer-api';
import { formatSchoolTime } from '../answer/problem-messages';
import { useSurveysCatalog } from '../catalog';
import { TIME_STATE_COLORS, TIME_STATE_LABELS } from '../labels';
import { AnswerView } from './AnswerView';
import type { AnswerSearchParams } from './search';
import { compactSearch, urlPaging } from '../../../lib/search-params';

export interface AnswerScreenProps {
  search: AnswerSearchParams;
  onSearchChange: (next: AnswerSearchParams) => void;
}

const compact = (search: AnswerSearchParams): AnswerSearchParams => compactSearch(search);

/** 问卷填报 (/survey/wjdt, survey_wjdt) once the surveys catalog is in. */
export function AnswerScreen(props: AnswerScreenProps) {
  return useSurveysCatalog() ? <AnswerScreenBody {...props} /> : null;
}

/**
 * 问卷填报: the questionnaires I may answer (title, time, state, answered or not), filtered by answered
 * and keyword (in the URL); `?id=` opens the answer view (the message centre links there).
 */
function AnswerScreenBody({ search, onSearchChange }: AnswerScreenProps) {
  if (search.id) {
    const { id: _id, ...list } = search;
    return <AnswerView key={search.id} id={search.id} onBack={() => onSearchChange(compact(list))} />;
  }
  return <MineList search={search} onSearchChange={onSearchChange} />;
}

function MineList({ search, onSearchChange }: AnswerScreenProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const online = useConnectivity() === 'online';
  const table = useTableQuery<MineRow>(mineListInput(search));
  const [draft, setDraft] = useState({ answered: search.answered ?? '', keyword: search.keyword ?? '' });
  useEffect(() => setDraft({ answered: search.answered ?? '', keyword: search.keyword ?? '' }), [search.answered, search.keyword]);

  // online: keep the unanswered questionnaires of this page on the device (answerable offline later)
  const rows = table.rows;
  useEffect(() => {
    if (online && rows.length) void prefetchOpenViews(queryClient, rows);
  }, [online, rows, queryClient]);

  const open = useCallback((id: string) => onSearchChange(compact({ ...search, id })), [onSearchChange, search]);

  const columns = useMemo((): DataTableColumn<MineRow>[] => [
    {
      key: 'title',
      title: t`问卷名称`,
      minWidth: '12rem',
      card: 'title',
      render: (row) => (
        <Button variant="plain" colorPalette="brand" p="0" h="auto" whiteSpace="normal" textAlign="start" onClick={() => open(row.id)} data-testid="survey-mine-title">
          {row.title}
        </Button>
      ),
    },
    {
      key: 'time',
      title: t`填写时间`,
      hideBelow: 'md',
      nowrap: true,
      render: (row) => `${formatSchoolTime(row.startsAt)} ~ ${formatSchoolTime(row.endsAt)}`,
    },
    {
      key: 'timeState',
      title: t`状态`,
      nowrap: true,
      render: (row) => <Badge colorPalette={TIME_STATE_COLORS[row.timeState]}>{i18n._(TIME_STATE_LABELS[row.timeState])}</Badge>,
    },
    {
      key: 'answeredAt',
      title: t`是否填写`,
      nowrap: true,
      render: (row) =>
        row.answeredAt ? (
          <Text as="span" color="green.fg" data-testid="survey-mine-answered">
            {t`已填写`}
            <Text as="span" color="fg.muted" fontSize="xs" display={{ base: 'block', md: 'inline' }} ms={{ md: '1' }}>
              {formatSchoolTime(row.answeredAt)}
            </Text>
          </Text>
        ) : (
          <Text as="span" color="fg.muted" data-testid="survey-mine-unanswered">
            {t`未填写`}
          </Text>
        ),
    },
  ], [t, i18n, open]);
  /** 填写 while open and unanswered, else 查看: the card's one button on phones. */
  const actions = useCallback(
    (row: MineRow): RowAction[] => {
      const toFill = !row.answeredAt && row.timeState === 'started';
      return [{ key: 'open', label: toFill ? t`填写` : t`查看`, primary: true, onClick: () => open(row.id), testId: 'survey-mine-open' }];
    },
    [t, open],
  );

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        <Trans>问卷填报</Trans>
      </Heading>
      <SearchHeader
        busy={table.refreshing}
        onSearch={() =>
          onSearchChange(compact({ size: search.size, answered: (draft.answered || undefined) as AnswerSearchParams['answered'], keyword: draft.keyword.trim() || undefined }))
        }
        onReset={() => {
          setDraft({ answered: '', keyword: '' });
          onSearchChange(compact({ size: search.size }));
        }}
      >
        <SearchSelectField
          label={<Trans>是否填写</Trans>}
          width="40"
          testId="survey-mine-answered-filter"
          value={draft.answered}
          onChange={(answered) => setDraft({ ...draft, answered })}
          choices={[
            { value: 'no', label: t`未填写` },
            { value: 'yes', label: t`已填写` },
          ]}
        />
        <SearchTextField label={<Trans>问卷名称</Trans>} width="56" value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="survey-mine-keyword" />
      </SearchHeader>
      <Box>
        <DataTable
          data-testid="survey-mine"
          columns={columns}
          actions={actions}
          rows={rows}
          total={table.total}
          loading={table.loading}
          refreshing={table.refreshing}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-survey-id': row.id })}
          emptyText={t`暂无需要填写的问卷`}
          {...urlPaging(search, onSearchChange)}
        />
      </Box>
    </Stack>
  );
}
