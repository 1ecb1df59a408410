import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { PublicSurveyList } from '../../contracts/surveys';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import { timeStateOf, type TimeState } from '../../contracts/survey-rules';
import { formatSchoolTime } from '../features/surveys/answer/problem-messages';
import { call, Refused } from './api';
import { respondentKey, tenantKey } from './env';
import { refusedText } from './AnswerPage';
import { answerHref, Layout, Message } from './Layout';
import { dismissRefused, doneIds, keepList, keptList, onSendOutcome, queued, refusedRecords, senderOf, type RefusedRecord } from './offline';

type Loaded = { list: PublicSurveyList; fromDevice: boolean };

/** `/survey/wjdt/wjdtListNotLogin`: the school's open public surveys (the last list kept for offline). */
export function ListPage({ tenant }: { tenant: string }) {
  const { t } = useLingui();
  const key = tenantKey(tenant);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const [done, setDone] = useState<Set<string>>(new Set());
  const [waiting, setWaiting] = useState(0);
  /** queued answers of an account not logged in here: they wait for it */
  const [waitingForLogin, setWaitingForLogin] = useState(0);
  const [refused, setRefused] = useState<RefusedRecord[]>([]);
  const who = respondentKey();

  useEffect(() => {
    let live = true;
    const refreshLocal = async () => {
      const [ids, queue, records] = await Promise.all([doneIds(key, who), queued(), refusedRecords(key, who)]);
      if (!live) return;
      setDone(ids);
      const held = queue.filter((entry) => !senderOf(entry));
      setWaiting(queue.length - held.length);
      setWaitingForLogin(held.length);
      setRefused(records.sort((a, b) => b.at - a.at));
    };
    void (async () => {
      const kept = await keptList(key).catch(() => undefined);
      if (live && kept) setLoaded((current) => current ?? { list: kept, fromDevice: true });
      try {
        const list = await call<PublicSurveyList>(SURVEY_URLS.publicList, {});
        if (!live) return;
        setLoaded({ list, fromDevice: false });
        setUnreachable(false);
        void keepList(key, list);
      } catch (error) {
        if (!live) return;
        if (error instanceof Refused) setFailure(error.msg || t`无法打开问卷列表`);
        else setUnreachable(true);
      }
    })();
    void refreshLocal();
    const off = onSendOutcome(() => void refreshLocal());
    return () => {
      live = false;
      off();
    };
  }, [key, who, t]);

  const list = loaded?.list;
  const code = list?.tenantCode || tenant;
  const stateLabel: Record<TimeState, string> = { not_started: t`未开始`, started: t`进行中`, expired: t`已结束` };

  return (
    <Layout tenant={code} schoolName={list?.schoolName}>
      <h1 className="ps-heading">{t`公开问卷`}</h1>
      {waiting > 0 ? (
        <Message testId="public-queue-notice">{t`有 ${waiting} 份答卷保存在本设备上，联网后会自动提交。`}</Message>
      ) : null}
      {waitingForLogin > 0 ? (
        <Message testId="public-queue-login-notice">{t`有 ${waitingForLogin} 份答卷等待填写它的账号登录，登录后才会提交。`}</Message>
      ) : null}
      {refused.length > 0 ? (
        <Message tone="warn" testId="public-refused-notice" title={t`有答卷没有提交成功`}>
          <ul className="ps-refused">
            {refused.map((record) => {
              const title = record.title ?? list?.rows.find((row) => row.id === record.questionnaireId)?.title ?? '';
              const text = refusedText(record);
              return (
                <li key={record.questionnaireId} data-testid="public-refused-item">
                  <a className="ps-link" href={answerHref(record.questionnaireId, code)}>
                    {title ? t`「${title}」未提交：${text}` : t`未提交：${text}`}
                  </a>{' '}
                  <button
                    type="button"
                    className="ps-button"
                    onClick={() => {
                      void dismissRefused({ tenant: key, who, questionnaireId: record.questionnaireId });
                      setRefused((current) => current.filter((other) => other !== record));
                    }}
                  >
                    {t`知道了`}
                  </button>
                </li>
              );
            })}
          </ul>
        </Message>
      ) : null}
      {failure ? (
        <Message tone="warn" testId="public-list-error">
          {failure}
        </Message>
      ) : null}
      {unreachable && loaded ? <p className="ps-note">{t`暂时无法连接服务器，显示的是上次打开时的列表。`}</p> : null}
      {unreachable && !loaded ? (
        <Message tone="warn" testId="public-list-offline">
          {t`暂时无法连接服务器，请联网后再打开问卷列表。`}
        </Message>
      ) : null}
      {!loaded && !failure && !unreachable ? <p className="ps-note">{t`加载中…`}</p> : null}
      {list && list.rows.length === 0 ? <Message testId="public-list-empty">{t`目前没有可以填写的问卷。`}</Message> : null}
      {list && list.rows.length > 0 ? (
        <ul className="ps-list" data-testid="public-survey-list">
          {list.rows.map((row) => {
            // offline, the kept list's states are recomputed from the times
            const state = loaded?.fromDevice ? timeStateOf(row.startsAt, row.endsAt) : row.timeState;
            const count = row.questionCount;
            const start = formatSchoolTime(row.startsAt);
            const end = formatSchoolTime(row.endsAt);
            const record = refused.find((one) => one.questionnaireId === row.id);
            const why = record ? refusedText(record) : '';
            return (
              <li key={row.id}>
                <a className="ps-card" href={answerHref(row.id, code)} data-testid="public-survey-row">
                  <span className="ps-card-head">
                    <span className="ps-card-title">{row.title}</span>
                    <span className={`ps-badge ps-badge-${state}`}>{stateLabel[state]}</span>
                    {done.has(row.id) ? <span className="ps-badge ps-badge-done">{t`已填写`}</span> : null}
                  </span>
                  {record ? (
                    <span className="ps-card-refused" data-testid="public-row-refused">
                      {record.problems?.length ? t`提交未被接受，点此修改：${why}` : t`未提交：${why}`}
                    </span>
                  ) : null}
                  {row.description ? <span className="ps-card-description">{row.description}</span> : null}
                  <span className="ps-card-meta">
                    {t`${start} 至 ${end}`} · {t`共 ${count} 题`}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Layout>
  );
}
