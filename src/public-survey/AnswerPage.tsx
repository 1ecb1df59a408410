import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SurveyForAnswer } from '../../contracts/surveys';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import { timeStateOf, type AnswerProblem, type AnswerValues } from '../../contracts/survey-rules';
import {
  clearDraft,
  dropPicture,
  flushDrafts,
  keepPicture,
  loadPictureUrls,
  localPictureUrl,
  localTokensOf,
  openDraft,
  saveDraftSoon,
  type DraftKey,
} from '../features/surveys/answer/draft-store';
import { formatSchoolTime, refusalText } from '../features/surveys/answer/problem-messages';
import { SurveyForm, type SurveyPictures } from '../features/surveys/answer/SurveyForm';
import { call, Refused, Unreachable } from './api';
import { newId, respondentKey, tenantKey } from './env';
import { Layout, listHref, Message } from './Layout';
import { dismissRefused, doneOf, drainQueue, forgetSurvey, keepSurvey, keptSurvey, onSendOutcome, queued, refusedOf, submitAnswer, type RefusedRecord, type SendOutcome } from './offline';

type View =
  | { kind: 'loading' }
  | { kind: 'refused'; text: string; reason: string; survey?: SurveyForAnswer }
  | { kind: 'unavailable' }
  /** queued: saved on the device, not yet sent; held: waiting for its user to log in (again) */
  | { kind: 'form'; survey: SurveyForAnswer; draft: DraftKey; answerId: string; values: AnswerValues; queued: boolean; held?: boolean }
  | { kind: 'thanks'; survey: SurveyForAnswer; submittedAt: string }
  | { kind: 'answered'; survey: SurveyForAnswer; submittedAt: string };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/survey/wjdt/answerSurvey?id=&tenant=`: opens the survey (online: from the server, kept on the
 * device; offline: the kept copy), continues the draft of this device (its answer id made at the first
 * open), and submits through the device queue (offline: saved here, sent when the connection returns).
 */
export function AnswerPage({ tenant, id }: { tenant: string; id: string }) {
  const { t } = useLingui();
  const key = tenantKey(tenant);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<AnswerProblem[] | undefined>();
  const [refusal, setRefusal] = useState<{ text: string; loginLink: boolean } | null>(null);
  /** a queued answer of this survey the server refused (maybe in the background), until resubmitted or dismissed */
  const [stored, setStored] = useState<{ draft: DraftKey; record: RefusedRecord } | null>(null);
  /** answers of this survey on this device waiting for another account to log in */
  const [othersWaiting, setOthersWaiting] = useState(0);
  const viewRef = useRef(view);
  viewRef.current = view;

  useEffect(() => {
    let live = true;
    const show = (next: View) => {
      if (live) setView(next);
    };
    void (async () => {
      if (!UUID_RE.test(id)) return show({ kind: 'refused', reason: 'not_found', text: refusalText('not_found') });
      const draftKey: DraftKey = { tenant: key, who: respondentKey(), questionnaireId: id };
      let survey: SurveyForAnswer | null;
      let online = true;
      try {
        survey = await call<SurveyForAnswer>(SURVEY_URLS.publicOpen, { id });
        void keepSurvey(key, survey);
      } catch (error) {
        if (error instanceof Refused) {
          const reason = error.reason ?? 'not_found';
          if (reason === 'not_found') void forgetSurvey(key, id);
          // an answer of this device the server refused earlier (e.g. expired in the background): said beside it
          const record = await refusedOf(draftKey).catch(() => undefined);
          if (live && record) setStored({ draft: draftKey, record });
          return show({ kind: 'refused', reason, text: error.msg || refusalText(reason) });
        }
        if (!(error instanceof Unreachable)) throw error;
        online = false;
        survey = (await keptSurvey(key, id).catch(() => undefined))?.survey ?? null;
      }
      if (!survey) return show({ kind: 'unavailable' });
      const [done, queue, record] = await Promise.all([doneOf(draftKey), queued(), refusedOf(draftKey)]);
      const waiting = queue.find((entry) => entry.draft.who === draftKey.who && entry.draft.tenant === key && entry.draft.questionnaireId === id);
      if (live) {
        setOthersWaiting(queue.filter((entry) => entry.draft.who !== draftKey.who && entry.draft.who.startsWith('u:') && entry.draft.tenant === key && entry.draft.questionnaireId === id).length);
        if (record) {
          setStored({ draft: draftKey, record });
          if (!waiting) {
            // the problems under their questions, the values (the draft) editable
            if (record.problems?.length) setProblems(record.problems);
            setRefusal({ text: refusedText(record), loginLink: record.reason === 'login_required' });
          }
        }
      }
      if (!waiting) {
        if (survey.answered) {
          // the server has this device's or account's answer (maybe ours, confirmed elsewhere)
          void clearDraft(draftKey);
          return show({ kind: 'answered', survey, submittedAt: survey.answered.submittedAt });
        }
        if (done && !online) return show({ kind: 'answered', survey, submittedAt: done.submittedAt });
        if (!online) {
          const state = timeStateOf(survey.startsAt, survey.endsAt);
          if (state !== 'started') return show({ kind: 'refused', reason: state, text: refusalText(state, survey), survey });
        }
        if (!survey.questions.length) return show({ kind: 'refused', reason: 'no_questions', text: refusalText('no_questions'), survey });
      }
      const draft = await openDraft(draftKey, newId);
      await loadPictureUrls(localTokensOf(draft.values)).catch(() => undefined);
      show({
        kind: 'form',
        survey,
        draft: draftKey,
        answerId: waiting?.answerId ?? draft.answerId,
        values: waiting ? { ...draft.values } : draft.values,
        queued: Boolean(waiting),
        held: Boolean(waiting?.held),
      });
      if (waiting && online) void drainQueue(true);
    })().catch(() => show({ kind: 'unavailable' }));
    return () => {
      live = false;
    };
  }, [id, key]);

  /** What became of our answer (sent now, or later by the queue). */
  const settle = useCallback((outcome: SendOutcome) => {
    const current = viewRef.current;
    if (current.kind !== 'form' || outcome.answerId !== current.answerId) return;
    setBusy(false);
    if (outcome.type === 'sent') {
      setStored(null);
      setView({ kind: 'thanks', survey: current.survey, submittedAt: outcome.submittedAt });
      return;
    }
    if (outcome.type === 'waiting' || outcome.type === 'held') {
      setView({ ...current, queued: true, held: outcome.type === 'held' });
      if (outcome.type === 'waiting' && current.held) void drainQueue(true);
      return;
    }

    const { error } = outcome;
    if (error.reason === 'already_submitted') {
      const data = error.data as { answerId?: string; submittedAt?: string } | null;
      if (data?.answerId && data.answerId !== current.answerId) {
        // an earlier answer of this device or account was filed, not this one: say so
        setStored({ draft: current.draft, record: { questionnaireId: current.survey.id, answerId: current.answerId, reason: 'already_submitted', code: error.code, msg: error.msg, problems: null, at: Date.now(), values: current.values } });
      }
      setView({ kind: 'answered', survey: current.survey, submittedAt: data?.submittedAt ?? new Date().toISOString() });
      return;
    }
    const reason = error.reason;
    if (reason && reason !== 'login_required' && reason !== 'no_permission') {
      // not found, not started, expired, no questions: nothing to answer here any more
      setStored({ draft: current.draft, record: { questionnaireId: current.survey.id, answerId: current.answerId, reason, code: error.code, msg: error.msg, problems: null, at: Date.now(), values: current.values } });
      setView({ kind: 'refused', reason, text: error.msg || refusalText(reason, current.survey), survey: current.survey });
      return;
    }
    // answer problems (40000, shown under their questions), no permission, maybe not logged in: the draft stays
    setView({ ...current, queued: false, held: false });
    if (error.problems?.length) setProblems(error.problems);
    setRefusal({ text: error.msg || (reason ? refusalText(reason) : ''), loginLink: reason === 'login_required' });
  }, []);

  useEffect(() => onSendOutcome(settle), [settle]);

  const form = view.kind === 'form' ? view : null;
  const pictures: SurveyPictures | undefined = useMemo(
    () =>
      form
        ? {
            add: (_questionId, file) => keepPicture(file, { questionnaireId: form.survey.id, answerId: form.answerId }, newId),
            urlOf: (token) => localPictureUrl(token),
            remove: (token) => dropPicture(token),
          }
        : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one adapter per opened answer
    [form?.survey.id, form?.answerId],
  );

  const schoolName = view.kind !== 'loading' && view.kind !== 'unavailable' ? view.survey?.schoolName : undefined;
  const code = (view.kind !== 'loading' && view.kind !== 'unavailable' ? view.survey?.tenantCode : undefined) || tenant;
  const back = (
    <p>
      <a className="ps-link" href={listHref(code)} data-testid="public-back-to-list">
        {t`返回问卷列表`}
      </a>
    </p>
  );

  const dismiss = () => {
    if (stored) void dismissRefused(stored.draft);
    setStored(null);
    setRefusal(null);
  };
  /** an answer of this device the server did not accept, beside a refusal or 'already answered' */
  const storedWhy = stored ? refusedText(stored.record) : '';
  const storedNote =
    stored && view.kind !== 'form' ? (
      <div className="ps-note" data-testid="public-stored-refusal">
        <p>{t`本设备上的答卷没有提交成功：${storedWhy}`}</p>
        <button type="button" className="ps-button" onClick={dismiss}>
          {t`知道了`}
        </button>
      </div>
    ) : null;
  const waitingForOthers =
    othersWaiting > 0 ? (
      <Message testId="public-waiting-for-login">{t`本设备上有这份问卷的答卷在等待填写它的账号登录，登录后才会提交。`}</Message>
    ) : null;

  let body: ReactNode;
  switch (view.kind) {
    case 'loading':
      body = <p className="ps-note">{t`加载中…`}</p>;
      break;
    case 'unavailable':
      body = (
        <Message tone="warn" testId="public-unavailable" title={t`暂时无法打开问卷`}>
          <p>{t`这份问卷还没有在本设备上打开过，请联网后再打开。`}</p>
          {back}
        </Message>
      );
      break;
    case 'refused':
      body = (
        <Message tone="warn" testId="public-refusal" title={view.survey?.title}>
          <p data-testid="public-refusal-text" data-reason={view.reason}>
            {view.text}
          </p>
          {view.reason === 'login_required' ? <LoginLink /> : null}
          {storedNote}
          {back}
        </Message>
      );
      break;
    case 'answered': {
      const time = formatSchoolTime(view.submittedAt);
      body = (
        <Message tone="ok" testId="public-already" title={view.survey.title}>
          <p>{refusalText('already_submitted')}</p>
          <p className="ps-note">{t`提交时间：${time}`}</p>
          {storedNote}
          {back}
        </Message>
      );
      break;
    }
    case 'thanks': {
      const time = formatSchoolTime(view.submittedAt);
      body = (
        <Message tone="ok" testId="public-thanks" title={t`提交成功，感谢参与`}>
          <p>{view.survey.title}</p>
          <p className="ps-note">{t`提交时间：${time}`}</p>
          {back}
        </Message>
      );
      break;
    }
    case 'form': {
      const current = view;
      body = (
        <>
          {waitingForOthers}
          {current.queued && current.held ? (
            <Message tone="warn" testId="public-saved-on-device" title={t`已保存在本设备`}>
              <p>{t`登录已失效：答卷已保存在本设备上，重新登录后会自动提交。`}</p>
              <LoginLink />
            </Message>
          ) : current.queued ? (
            <Message tone="info" testId="public-saved-on-device" title={t`已保存在本设备`}>
              <p>{t`答卷已保存在本设备上，网络恢复后会自动提交，请不要清除浏览器数据。`}</p>
              <button type="button" className="ps-button" onClick={() => void drainQueue(true)}>
                {t`立即重试`}
              </button>
            </Message>
          ) : null}
          {refusal ? (
            <Message tone="warn" testId="public-submit-refusal" title={stored ? t`答卷未提交` : undefined}>
              <p data-testid="public-refusal-text">{refusal.text}</p>
              {stored ? <p className="ps-note">{t`请修改后重新提交。`}</p> : null}
              {refusal.loginLink ? <LoginLink /> : null}
              {stored ? (
                <button type="button" className="ps-button" onClick={dismiss} data-testid="public-dismiss-refusal">
                  {t`不再提示`}
                </button>
              ) : null}
            </Message>
          ) : null}
          <SurveyForm
            survey={current.survey}
            values={current.values}
            onChange={(values) => {
              setView({ ...current, values });
              setProblems(undefined);
              saveDraftSoon(current.draft, { answerId: current.answerId, values, updatedAt: Date.now() });
            }}
            onSubmit={async (clean) => {
              setBusy(true);
              setRefusal(null);
              setProblems(undefined);
              await flushDrafts();
              setStored(null);
              const outcome = await submitAnswer(current.draft, current.answerId, clean, { tenant, title: current.survey.title });
              settle(outcome);
            }}
            disabled={current.queued}
            busy={busy}
            pictures={pictures}
            problems={problems}
          />
        </>
      );
      break;
    }
  }

  return (
    <Layout tenant={code} schoolName={schoolName}>
      {body}
    </Layout>
  );
}

/** What a kept refusal says (the server's words, else the page's own for its reason). */
export function refusedText(record: Pick<RefusedRecord, 'msg' | 'reason'>): string {
  return record.msg || (record.reason ? refusalText(record.reason) : '');
}

/** Back here after logging in (the login page follows /survey/wjdt/ targets with a full-page load). */
export const loginHref = (where: Pick<Location, 'pathname' | 'search'> = location): string => `/login?redirect=${encodeURIComponent(where.pathname + where.search)}`;

function LoginLink() {
  const { t } = useLingui();
  return (
    <p>
      <a className="ps-link" href={loginHref()} data-testid="public-login-link">
        {t`登录后填写`}
      </a>
    </p>
  );
}
