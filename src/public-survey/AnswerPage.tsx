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
import { doneOf, drainQueue, forgetSurvey, keepSurvey, keptSurvey, onSendOutcome, queuedFor, submitAnswer, type SendOutcome } from './offline';

type View =
  | { kind: 'loading' }
  | { kind: 'refused'; text: string; reason: string; survey?: SurveyForAnswer }
  | { kind: 'unavailable' }
  | { kind: 'form'; survey: SurveyForAnswer; draft: DraftKey; answerId: string; values: AnswerValues; queued: boolean }
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
          return show({ kind: 'refused', reason, text: error.msg || refusalText(reason) });
        }
        if (!(error instanceof Unreachable)) throw error;
        online = false;
        survey = (await keptSurvey(key, id).catch(() => undefined))?.survey ?? null;
      }
      if (!survey) return show({ kind: 'unavailable' });
      const [done, waiting] = await Promise.all([doneOf(draftKey), queuedFor(draftKey)]);
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
      setView({ kind: 'thanks', survey: current.survey, submittedAt: outcome.submittedAt });
      return;
    }
    if (outcome.type === 'waiting') {
      setView({ ...current, queued: true });
      return;
    }
    const { error } = outcome;
    if (error.reason === 'already_submitted') {
      const data = error.data as { submittedAt?: string } | null;
      setView({ kind: 'answered', survey: current.survey, submittedAt: data?.submittedAt ?? new Date().toISOString() });
      return;
    }
    const reason = error.reason;
    if (reason && reason !== 'login_required' && reason !== 'no_permission') {
      // not found, not started, expired, no questions: nothing to answer here any more
      setView({ kind: 'refused', reason, text: error.msg || refusalText(reason, current.survey), survey: current.survey });
      return;
    }
    // answer problems (40000, shown under their questions), no permission, maybe not logged in: the draft stays
    setView({ ...current, queued: false });
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
          {current.queued ? (
            <Message tone="info" testId="public-saved-on-device" title={t`已保存在本设备`}>
              <p>{t`答卷已保存在本设备上，网络恢复后会自动提交，请不要清除浏览器数据。`}</p>
              <button type="button" className="ps-button" onClick={() => void drainQueue(true)}>
                {t`立即重试`}
              </button>
            </Message>
          ) : null}
          {refusal ? (
            <Message tone="warn" testId="public-submit-refusal">
              <p data-testid="public-refusal-text">{refusal.text}</p>
              {refusal.loginLink ? <LoginLink /> : null}
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
              const outcome = await submitAnswer(current.draft, current.answerId, clean);
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

function LoginLink() {
  const { t } = useLingui();
  return (
    <p>
      <a className="ps-link" href="/login" data-testid="public-login-link">
        {t`登录后填写`}
      </a>
    </p>
  );
}
