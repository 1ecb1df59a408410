import { Badge, Box, Button, Grid, HStack, Image, Skeleton, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { QuestionResult } from '../../../../contracts/surveys';
import type { SurveyQuestion } from '../../../../contracts/survey-rules';
import { useFilePreviewUrl } from '../../../components/upload/useFilePreviewUrl';
import { formatSchoolTime } from '../answer/problem-messages';
import { KIND_LABELS } from '../labels';
import { averageText, choiceRows, dateRows, matrixTable, ratingMax, ratingRows, sizedWords, type CountRow } from './format';

// chart.js loads with the first chart of this screen only
const CountChart = lazy(async () => ({ default: (await import('./charts')).CountChart }));
const StackedChart = lazy(async () => ({ default: (await import('./charts')).StackedChart }));

function ChartBox({ children, height = '16rem' }: { children: ReactNode; height?: string }) {
  return (
    <Box className="xw-results-chart" position="relative" h={height} minW="0" w="full">
      <Suspense fallback={<Skeleton h="full" />}>{children}</Suspense>
    </Box>
  );
}

/** A table of counts and percentages beside a chart. */
function CountTable({ rows, head }: { rows: CountRow[]; head: ReactNode }) {
  return (
    <Table.Root size="sm" variant="outline" data-testid="results-count-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{head}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">
            <Trans>人数</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">
            <Trans>比例</Trans>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id}>
            <Table.Cell>{row.label}</Table.Cell>
            <Table.Cell textAlign="end" data-testid="results-count">
              {row.count}
            </Table.Cell>
            <Table.Cell textAlign="end">{row.percent}%</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** Horizontal bars drawn with boxes (rating and date distributions: no chart library needed). */
function Bars({ rows, label }: { rows: CountRow[]; label: (row: CountRow) => string }) {
  const top = Math.max(1, ...rows.map((row) => row.count));
  return (
    <Stack gap="1" data-testid="results-bars">
      {rows.map((row) => (
        <Grid key={row.id} templateColumns="5rem 1fr 5.5rem" gap="2" alignItems="center" fontSize="sm">
          <Text truncate>{label(row)}</Text>
          <Box h="3" bg="bg.muted" borderRadius="full" overflow="hidden">
            <Box h="full" bg="blue.solid" w={`${(row.count / top) * 100}%`} className="xw-results-bar" />
          </Box>
          <Text textAlign="end" color="fg.muted">
            {row.count} · {row.percent}%
          </Text>
        </Grid>
      ))}
    </Stack>
  );
}

function ChoiceResult({ question, result }: { question: SurveyQuestion; result: QuestionResult | undefined }) {
  const { t } = useLingui();
  const [type, setType] = useState<'bar' | 'pie'>('bar');
  const rows = choiceRows(question, result);
  return (
    <Stack gap="3">
      <HStack gap="1" className="xw-no-print" role="group" aria-label={t`图表类型`}>
        <Button size="xs" variant={type === 'bar' ? 'solid' : 'outline'} onClick={() => setType('bar')} aria-pressed={type === 'bar'} data-testid="results-chart-bar">
          <Trans>柱状图</Trans>
        </Button>
        <Button size="xs" variant={type === 'pie' ? 'solid' : 'outline'} onClick={() => setType('pie')} aria-pressed={type === 'pie'} data-testid="results-chart-pie">
          <Trans>饼图</Trans>
        </Button>
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="4" alignItems="start">
        <ChartBox height={type === 'pie' ? '16rem' : `${Math.max(8, rows.length * 2.5 + 3)}rem`}>
          <CountChart type={type} labels={rows.map((row) => row.label)} counts={rows.map((row) => row.count)} name={t`人数`} label={t`${question.title}的统计图`} />
        </ChartBox>
        <CountTable rows={rows} head={<Trans>选项</Trans>} />
      </Grid>
    </Stack>
  );
}

function RatingResult({ question, result }: { question: SurveyQuestion; result: QuestionResult | undefined }) {
  const max = ratingMax(question);
  const average = averageText(result?.average);
  return (
    <Stack gap="3">
      <Text fontSize="2xl" fontWeight="semibold" data-testid="results-average">
        <Trans>平均 {average} / {max} 分</Trans>
      </Text>
      <Bars rows={ratingRows(question, result)} label={(row) => `${row.label} ★`} />
    </Stack>
  );
}

function NumberResult({ result }: { result: QuestionResult | undefined }) {
  const cells: [ReactNode, string][] = [
    [<Trans key="a">平均值</Trans>, averageText(result?.average)],
    [<Trans key="b">最小值</Trans>, result?.min === null || result?.min === undefined ? '—' : String(result.min)],
    [<Trans key="c">最大值</Trans>, result?.max === null || result?.max === undefined ? '—' : String(result.max)],
  ];
  return (
    <Grid templateColumns="repeat(3, 1fr)" gap="3" data-testid="results-number">
      {cells.map(([label, value], index) => (
        <Stack key={index} gap="0" borderWidth="1px" borderRadius="l2" p="3">
          <Text fontSize="xs" color="fg.muted">
            {label}
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {value}
          </Text>
        </Stack>
      ))}
    </Grid>
  );
}

function MatrixResult({ question, result }: { question: SurveyQuestion; result: QuestionResult | undefined }) {
  const { t } = useLingui();
  const table = matrixTable(question, result);
  return (
    <Stack gap="3">
      <Box overflowX="auto">
        <Table.Root size="sm" variant="outline" data-testid="results-matrix">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader />
              {table.columns.map((column) => (
                <Table.ColumnHeader key={column.id} textAlign="end">
                  {column.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {table.rows.map((row, rowIndex) => (
              <Table.Row key={row.id}>
                <Table.Cell>{row.label}</Table.Cell>
                {table.columns.map((column, columnIndex) => (
                  <Table.Cell key={column.id} textAlign="end">
                    {table.counts[rowIndex]?.[columnIndex] ?? 0}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <ChartBox height={`${Math.max(10, table.rows.length * 3 + 5)}rem`}>
        <StackedChart
          rows={table.rows.map((row) => row.label)}
          columns={table.columns.map((column) => column.label)}
          counts={table.counts}
          label={t`${question.title}的统计图`}
        />
      </ChartBox>
    </Stack>
  );
}

/** Latest text answers shown before 展开全部. */
const TEXTS_SHOWN = 5;

function TextResult({ result, anonymous }: { result: QuestionResult | undefined; anonymous: boolean }) {
  const words = sizedWords(result?.words);
  const all = result?.texts ?? [];
  const [expanded, setExpanded] = useState(false);
  const texts = expanded ? all : all.slice(0, TEXTS_SHOWN);
  const total = all.length;
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          <Trans>高频词</Trans>
        </Text>
        {words.length ? (
          <Wrap gap="2" align="baseline" data-testid="results-words">
            {words.map((word) => (
              <Text as="span" key={word.word} fontSize={`${word.size}rem`} lineHeight="short" color="blue.fg" title={`${word.word}: ${word.count}`}>
                {word.word}
                <Text as="sup" fontSize="xs" color="fg.muted" ms="0.5">
                  {word.count}
                </Text>
              </Text>
            ))}
          </Wrap>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            <Trans>暂无</Trans>
          </Text>
        )}
      </Stack>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          <Trans>最新回答</Trans>
        </Text>
        {texts.length ? (
          <Stack as="ul" gap="1" listStyleType="none" data-testid="results-texts">
            {texts.map((entry, index) => (
              <Box as="li" key={index} borderBottomWidth="1px" pb="1">
                <Text fontSize="sm" whiteSpace="pre-wrap">
                  {entry.text}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {/* anonymous questionnaires: the server gives the day only (a time could point to the person) */}
                  {anonymous ? formatSchoolTime(entry.at).slice(0, 10) : formatSchoolTime(entry.at)}
                </Text>
              </Box>
            ))}
            {total > TEXTS_SHOWN && (
              <Box as="li" className="xw-no-print">
                <Button size="xs" variant="ghost" onClick={() => setExpanded(!expanded)} aria-expanded={expanded} data-testid="results-texts-toggle">
                  {expanded ? <Trans>收起</Trans> : <Trans>展开全部（{total}）</Trans>}
                </Button>
              </Box>
            )}
          </Stack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            <Trans>暂无</Trans>
          </Text>
        )}
      </Stack>
    </Grid>
  );
}

function Thumbnail({ id }: { id: string }) {
  const { t } = useLingui();
  const preview = useFilePreviewUrl(id);
  return preview.url ? (
    <Image src={preview.url} alt={t`答卷图片`} w="24" h="24" objectFit="cover" borderRadius="l2" borderWidth="1px" data-testid="results-picture" />
  ) : (
    <Skeleton w="24" h="24" borderRadius="l2" />
  );
}

function PictureResult({ result }: { result: QuestionResult | undefined }) {
  const pictures = result?.pictures ?? [];
  return pictures.length ? (
    <Wrap gap="2">
      {pictures.map((id) => (
        <Thumbnail key={id} id={id} />
      ))}
    </Wrap>
  ) : (
    <Text fontSize="sm" color="fg.muted">
      <Trans>暂无图片</Trans>
    </Text>
  );
}

/** One question's figures in a card (kept whole on a printed page). */
export function QuestionCard({
  question,
  number,
  result,
  anonymous = false,
}: {
  question: SurveyQuestion;
  number: number;
  result: QuestionResult | undefined;
  anonymous?: boolean;
}) {
  const { i18n } = useLingui();
  const answered = result?.answered ?? 0;
  let body: ReactNode;
  switch (question.kind) {
    case 'single':
    case 'multiple':
      body = <ChoiceResult question={question} result={result} />;
      break;
    case 'rating':
      body = <RatingResult question={question} result={result} />;
      break;
    case 'number':
      body = <NumberResult result={result} />;
      break;
    case 'matrix':
      body = <MatrixResult question={question} result={result} />;
      break;
    case 'text':
      body = <TextResult result={result} anonymous={anonymous} />;
      break;
    case 'date':
      body = dateRows(result).length ? (
        <Bars rows={dateRows(result)} label={(row) => row.label} />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <Trans>暂无</Trans>
        </Text>
      );
      break;
    case 'picture':
      body = <PictureResult result={result} />;
      break;
  }
  return (
    <Stack as="section" className="xw-results-card" gap="3" borderWidth="1px" borderRadius="l3" bg="bg.panel" p={{ base: '3', md: '4' }} data-testid={`results-q-${number}`} data-kind={question.kind}>
      <HStack gap="2" align="baseline" wrap="wrap">
        <Text fontWeight="semibold">
          {number}. {question.title}
        </Text>
        <Badge variant="subtle">{i18n._(KIND_LABELS[question.kind])}</Badge>
        <Text fontSize="sm" color="fg.muted" data-testid="results-answered">
          <Trans>{answered} 人作答</Trans>
        </Text>
      </HStack>
      {body}
    </Stack>
  );
}
