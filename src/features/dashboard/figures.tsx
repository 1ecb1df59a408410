import { Text } from '@chakra-ui/react';
import { Plural, Trans } from '@lingui/react/macro';
import type { AttendanceTodayFigures, ScoreProgressFigures, SurveyResponsesFigures } from '../../../contracts/dashboard';
import { DASHBOARD_URLS } from '../../../contracts/dashboard-figures';
import { formatNumber } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import { FigureCard, FigureLine, Progress } from '../../components/FigureCard';

/**
 * The head of school's figure cards (issue 20 item 5), each a 首页卡片 (contracts/home-cards.ts) that
 * app/dashboard-cards.ts lists with its permission. Names of data (classes, batches, questionnaires)
 * carry data-user-text: they are the school's words, not the app's.
 */

/** 今日考勤: classes with a roll of all, those without (the first named), absences; the attendance overview of the day. */
export function AttendanceTodayCard() {
  const localName = useLocalName();
  return (
    <FigureCard<AttendanceTodayFigures>
      testId="attendance-today-card"
      title={<Trans>今日考勤</Trans>}
      url={DASHBOARD_URLS.attendanceToday}
      link={(data) => ({ to: '/xssw/xskq', search: { date: data.date } })}
      figure={(data) => (data.schoolDay ? `${data.takenClasses}/${data.totalClasses}` : '—')}
    >
      {(data) =>
        !data.schoolDay ? (
          <Text color="fg.muted" px="2">
            <Trans>今日不是上课日</Trans>
          </Text>
        ) : (
          <>
            <Text color="fg.muted" fontSize="sm" px="2">
              {data.takenClasses === 0 ? <Trans>今日尚无考勤</Trans> : <Trans>已考勤班级</Trans>}
            </Text>
            {data.missingCount > 0 && (
              <FigureLine testId="attendance-today-missing" link={{ to: '/xssw/xskq', search: { date: data.date } }}>
                <Text flex="1">
                  <Plural value={data.missingCount} other="未考勤 # 个班级" />
                  <Text as="span" display="block" fontSize="sm" color="fg.muted" lineClamp={2} data-user-text>
                    {data.missing.map((item) => localName(item.name, item.nameEn)).join(', ')}
                    {data.missingCount > data.missing.length ? ' …' : ''}
                  </Text>
                </Text>
              </FigureLine>
            )}
            <FigureLine testId="attendance-today-absent">
              <Text flex="1">
                <Trans>今日缺勤</Trans>
              </Text>
              <Text fontWeight="semibold">{formatNumber(data.absent)}</Text>
            </FigureLine>
          </>
        )
      }
    </FigureCard>
  );
}

/** 成绩录入进度: per open exam batch, cells entered of expected, and its least advanced classes. */
export function ScoreProgressCard() {
  const localName = useLocalName();
  return (
    <FigureCard<ScoreProgressFigures>
      testId="score-progress-card"
      title={<Trans>成绩录入进度</Trans>}
      url={DASHBOARD_URLS.scoreProgress}
      link={() => ({ to: '/jxgl/cjlr' })}
      figure={(data) => formatNumber(data.batches.length)}
    >
      {(data) =>
        data.batches.length === 0 ? (
          <Text color="fg.muted" px="2">
            <Trans>暂无进行中的考试批次</Trans>
          </Text>
        ) : (
          data.batches.map((batch) => (
            <div key={batch.batchId}>
              <FigureLine testId="score-progress-batch" link={{ to: '/jxgl/cjlr', search: { semesterId: batch.semesterId, batchId: batch.batchId } }}>
                <Progress done={batch.entered} of={batch.expected}>
                  <Text fontWeight="medium" truncate data-user-text>
                    {batch.name}
                  </Text>
                </Progress>
              </FigureLine>
              {batch.worst.map((item) => (
                <FigureLine
                  key={item.classId}
                  testId="score-progress-class"
                  link={{ to: '/jxgl/cjlr', search: { semesterId: batch.semesterId, batchId: batch.batchId, classId: item.classId } }}
                >
                  <Progress done={item.entered} of={item.expected}>
                    <Text fontSize="sm" ps="3" truncate data-user-text>
                      {localName(item.name, item.nameEn)}
                    </Text>
                  </Progress>
                </FigureLine>
              ))}
            </div>
          ))
        )
      }
    </FigureCard>
  );
}

/** 问卷回收: open questionnaires (closing first), answered of targeted; each opens its results. */
export function SurveyResponsesCard() {
  return (
    <FigureCard<SurveyResponsesFigures>
      testId="survey-responses-card"
      title={<Trans>问卷回收</Trans>}
      url={DASHBOARD_URLS.surveyResponses}
      link={() => ({ to: '/survey/cjwj', search: { published: 'yes', inUse: 'yes', timeState: 'started' } })}
      figure={(data) => formatNumber(data.open)}
    >
      {(data) =>
        data.surveys.length === 0 ? (
          <Text color="fg.muted" px="2">
            <Trans>暂无进行中的问卷</Trans>
          </Text>
        ) : (
          data.surveys.map((survey) => (
            <FigureLine key={survey.id} testId="survey-responses-survey" link={{ to: '/survey/cjwj/tjfx', search: { id: survey.id } }}>
              {survey.targeted === null ? (
                <>
                  <Text flex="1" truncate data-user-text>
                    {survey.title}
                  </Text>
                  <Text fontVariantNumeric="tabular-nums">
                    <Plural value={survey.answered} other="# 份" />
                  </Text>
                </>
              ) : (
                <Progress done={survey.answered} of={survey.targeted}>
                  <Text truncate data-user-text>
                    {survey.title}
                  </Text>
                </Progress>
              )}
            </FigureLine>
          ))
        )
      }
    </FigureCard>
  );
}
