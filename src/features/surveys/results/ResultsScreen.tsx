import { Badge, Box, Button, Field, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SurveyAnswerRow, SurveyResults } from '../../../../contracts/surveys';
import { SURVEY_RESULTS_MIN_GROUP, timeStateOf, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { RequestError } from '../../../components/RequestError';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { TabBar, TabPanel } from '../../../components/TabBar';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { useTableQuery } from '../../../components/table/table-query';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { formatSchoolTime } from '../answer/problem-messages';
import { useSurveysCatalog } from '../catalog';
import { anonymityLabel, TIME_STATE_COLORS, TIME_STATE_LABELS } from '../labels';
import { answersListInput, exportAnswers, resultsDetailQuery, surveyResultsQuery } from '../results-api';
import { answerText, rateText } from './format';
import { QuestionCard } from './QuestionCard';
import type { ResultsSearchParams } from './search';
import './results.css';
import { compactSearch, urlPaging } from '../../../lib/search-params';

export interface ResultsScreenProps {
  search: ResultsSearchParams;
  onSearchChange: (next: ResultsSearchParams) => void;
  /** back to 问卷管理 (the route navigates) */
  onBack: () => void;
}

const compact = (search: ResultsSearchParams): ResultsSearchParams => compactSearch(search);

/** 问卷统计 (/survey/cjwj/tjfx?id=&org=) once the surveys catalog is in. */
export function ResultsScreen(props: ResultsScreenProps) {
  return useSurveysCatalog() ? <ResultsScreenBody {...props} /> : null;
}

function BackLink({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="plain" colorPalette="brand" p="0" h="auto" minH="0" alignSelf="flex-start" fontSize="sm" onClick={onBack} data-testid="results-back">
      <Trans>返回问卷管理</Trans>
    </Button>
  );
}

function ResultsScreenBody({ search, onSearchChange, onBack }: ResultsScreenProps) {
  if (!search.id) {
    return (
      <Stack gap="3">
        <Heading as="h1" size="lg">
          <Trans>问卷统计</Trans>
        </Heading>
        <Text color="fg.muted" data-testid="results-no-id">
          <Trans>请从问卷列表选择要统计的问卷。</Trans>
        </Text>
        <BackLink onBack={onBack} />
      </Stack>
    );
  }
  return <Results id={search.id} search={search} onSearchChange={onSearchChange} onBack={onBack} />;
}

/** The header: title, time, state, answers, target and rate (with a bar). */
function Summary({ results, id }: { results: SurveyResults; id: string }) {
  const { t, i18n } = useLingui();
  const detail = useQuery(resultsDetailQuery(id));
  const survey = detail.data;
  const state = survey ? timeStateOf(survey.startsAt, survey.endsAt) : null;
  const rate = results.rate;
  const percent = rate === null ? 0 : Math.min(100, Math.round(rate * 1000) / 10);
  const answers = results.answerCount;
  const target = results.targetCount;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="l3" bg="bg.panel" p={{ base: '3', md: '4' }} className="xw-results-card" data-testid="results-summary">
      <Heading as="h1" size="lg" data-testid="results-title">
        {results.title}
      </Heading>
      {survey && (
        <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
          <Text data-testid="results-time">
            {formatSchoolTime(survey.startsAt)} ~ {formatSchoolTime(survey.endsAt)}
          </Text>
          {state && <Badge colorPalette={TIME_STATE_COLORS[state]}>{i18n._(TIME_STATE_LABELS[state])}</Badge>}
          <Badge variant="outline">{i18n._(anonymityLabel(survey.anonymous))}</Badge>
        </HStack>
      )}
      <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)' }} gap="3">
        <Stack gap="0">
          <Text fontSize="xs" color="fg.muted">
            <Trans>答卷数</Trans>
          </Text>
          <Text fontSize="2xl" fontWeight="semibold" data-testid="results-answer-count">
            {answers}
          </Text>
        </Stack>
        <Stack gap="0">
          <Text fontSize="xs" color="fg.muted">
            <Trans>目标人数</Trans>
          </Text>
          <Text fontSize="2xl" fontWeight="semibold" data-testid="results-target-count">
            {target === null ? '—' : target}
          </Text>
        </Stack>
        <Stack gap="1" gridColumn={{ base: 'span 2', md: 'auto' }}>
          <Text fontSize="xs" color="fg.muted">
            <Trans>回收率</Trans>
          </Text>
          <Text fontSize="2xl" fontWeight="semibold" data-testid="results-rate">
            {rate === null ? <Trans>不限对象</Trans> : rateText(rate)}
          </Text>
          {rate !== null && (
            <Box
              h="2"
              bg="bg.muted"
              borderRadius="full"
              overflow="hidden"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={t`回收率`}
              data-testid="results-rate-bar"
            >
              <Box h="full" bg="green.solid" w={`${percent}%`} className="xw-results-bar" />
            </Box>
          )}
        </Stack>
      </Grid>
    </Stack>
  );
}

function AnswersTab({ id, search, onSearchChange, questions, anonymous }: { id: string; search: ResultsSearchParams; onSearchChange: (next: ResultsSearchParams) => void; questions: SurveyQuestion[]; anonymous: boolean }) {
  const { t } = useLingui();
  const table = useTableQuery<SurveyAnswerRow>(answersListInput({ ...search, id }));
  const columns = useMemo((): DataTableColumn<SurveyAnswerRow>[] => {
    const list: DataTableColumn<SurveyAnswerRow>[] = [];
    // anonymous questionnaires never show who answered
    if (!anonymous) list.push({ key: 'respondentName', title: t`填写人`, nowrap: true, render: (row) => row.respondentName });
    list.push({ key: 'orgUnitName', title: t`班级/部门`, nowrap: true, render: (row) => row.orgUnitName || '—' });
    list.push({ key: 'submittedAt', title: t`提交时间`, nowrap: true, render: (row) => formatSchoolTime(row.submittedAt) });
    questions.forEach((question, index) => {
      list.push({
        key: `q-${question.id}`,
        title: `${index + 1}. ${question.title}`,
        minWidth: '10rem',
        render: (row) => answerText(question, row.values[question.id], (count) => t`${count}张图片`),
      });
    });
    return list;
  }, [anonymous, questions, t]);
  return (
    <DataTable
      data-testid="results-answers"
      columns={columns}
      rows={table.rows}
      total={table.total}
      loading={table.loading}
      refreshing={table.refreshing}
      rowKey={(row) => row.id}
      emptyText={t`暂无答卷`}
      {...urlPaging(search, onSearchChange)}
    />
  );
}

function Results({ id, search, onSearchChange, onBack }: { id: string } & ResultsScreenProps) {
  const { t } = useLingui();
  const org = search.org ?? '';
  const results = useQuery(surveyResultsQuery(id, org));
  const detail = useQuery(resultsDetailQuery(id));
  const [exporting, setExporting] = useState(false);
  const tab = search.tab ?? 'summary';
  const data = results.data;

  const doExport = async () => {
    setExporting(true);
    try {
      await exportAnswers(id, org);
    } catch (error) {
      if (error instanceof HttpError && error.kind !== 'network') notify.error(error.msg);
    } finally {
      setExporting(false);
    }
  };

  if (results.isPending) {
    return (
      <Stack gap="3">
        <Skeleton h="24" />
        <Skeleton h="40" />
      </Stack>
    );
  }
  if (!data) return <RequestError error={results.error} testId="results-error" />;

  const orgChoices = data.orgs.map((entry) => ({ value: entry.id, label: `${entry.name}（${entry.count}）` }));
  // the chosen org stays selectable even when it has no answers now
  if (org && !orgChoices.some((choice) => choice.value === org)) orgChoices.push({ value: org, label: t`所选组织` });
  const orgName = org ? (data.orgs.find((entry) => entry.id === org)?.name ?? t`所选组织`) : '';
  const minimum = SURVEY_RESULTS_MIN_GROUP;

  return (
    <Stack gap="4" className="xw-results-print" data-testid="results-screen">
      <HStack className="xw-no-print" gap="2" wrap="wrap" justify="space-between">
        <BackLink onBack={onBack} />
        <HStack gap="2" wrap="wrap">
          <Field.Root width={{ base: 'full', sm: '60' }} orientation="horizontal" gap="2">
            <Field.Label fontSize="sm" whiteSpace="nowrap" mb="0">
              <Trans>班级/部门</Trans>
            </Field.Label>
            <ChoiceSelect
              testId="results-org"
              value={org}
              onChange={(next) => onSearchChange(compact({ ...search, org: next || undefined, page: undefined }))}
              placeholder={t`全部`}
              choices={orgChoices}
            />
          </Field.Root>
          <Button size="sm" variant="outline" onClick={() => void doExport()} loading={exporting} disabled={data.answerCount === 0} data-testid="results-export">
            <Trans>导出</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={() => window.print()} data-testid="results-print">
            <Trans>打印</Trans>
          </Button>
        </HStack>
      </HStack>

      <Summary results={data} id={id} />
      {orgName && (
        <Text fontSize="sm" color="fg.muted" data-testid="results-org-note">
          <Trans>仅统计：{orgName}</Trans>
        </Text>
      )}

      <Box className="xw-no-print">
        <TabBar
          id="survey-results"
          label={t`统计视图`}
          current={tab}
          testIdPrefix="results-tab-"
          onChange={(next) => onSearchChange(compact({ ...search, tab: next === 'summary' ? undefined : (next as ResultsSearchParams['tab']), page: undefined }))}
          tabs={[
            { key: 'summary', label: t`统计分析` },
            { key: 'answers', label: t`答卷明细` },
          ]}
        />
      </Box>
      <TabPanel id="survey-results" current={tab} gap="4">
        {tab === 'answers' ? (
          <AnswersTab id={id} search={search} onSearchChange={onSearchChange} questions={data.questions} anonymous={detail.data?.anonymous ?? true} />
        ) : data.questions.length === 0 ? (
          <Text color="fg.muted">
            <Trans>该问卷还没有题目</Trans>
          </Text>
        ) : data.suppressed ? (
          <Text color="fg.muted" data-testid="results-suppressed">
            <Trans>匿名问卷：该范围内答卷少于 {minimum} 份，不单独统计，以免推断出填写人。</Trans>
          </Text>
        ) : (
          data.questions.map((question, index) => (
            <QuestionCard
              key={question.id}
              question={question}
              number={index + 1}
              result={data.results.find((result) => result.questionId === question.id)}
              anonymous={detail.data?.anonymous ?? true}
            />
          ))
        )}
      </TabPanel>
    </Stack>
  );
}
