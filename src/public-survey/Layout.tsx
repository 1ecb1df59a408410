import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { SURVEY_PATHS } from '../../contracts/survey-rules';
import type { Locale } from './env';
import { activate } from './i18n';

/** The browser's idea of the connection (the page also learns it from failed calls). */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** The list's address, keeping the school. */
export function listHref(tenant: string): string {
  return tenant ? `${SURVEY_PATHS.publicList}?tenant=${encodeURIComponent(tenant)}` : SURVEY_PATHS.publicList;
}

export function answerHref(id: string, tenant: string): string {
  const query = new URLSearchParams({ id });
  if (tenant) query.set('tenant', tenant);
  return `${SURVEY_PATHS.publicAnswer}?${query.toString()}`;
}

function LanguageSwitch() {
  const { t } = useLingui();
  const current = i18n.locale as Locale;
  const [failed, setFailed] = useState(false);
  const choose = (locale: Locale) => {
    // the catalog is a lazy chunk: offline and not cached, the current language stays, with a note
    if (locale !== current) activate(locale, true).then(() => setFailed(false), () => setFailed(true));
  };
  return (
    <div className="ps-lang" role="group" aria-label={t`语言`}>
      {failed ? (
        <span className="ps-lang-note" role="status" data-testid="public-language-failed">
          {t`无法切换语言，请联网后再试。`}
        </span>
      ) : null}
      <button type="button" aria-pressed={current === 'zh'} onClick={() => choose('zh')} lang="zh-CN">
        中文
      </button>
      <button type="button" aria-pressed={current === 'en'} onClick={() => choose('en')} lang="en">
        English
      </button>
    </div>
  );
}

export function Layout({ tenant, schoolName, children }: { tenant: string; schoolName?: string; children: ReactNode }) {
  const { t } = useLingui();
  const online = useOnline();
  useEffect(() => {
    document.title = schoolName ? `${t`校务问卷`} · ${schoolName}` : t`校务问卷`;
  }, [schoolName, t]);
  return (
    <div className="ps-page">
      <header className="ps-top">
        <a className="ps-brand" href={listHref(tenant)}>
          <img src="/icons/icon-192.png" alt="" width={28} height={28} />
          <span>{t`校务问卷`}</span>
        </a>
        {schoolName ? (
          <span className="ps-school" data-testid="public-school-name">
            {schoolName}
          </span>
        ) : null}
        <span className="ps-spacer" />
        {!online ? (
          <span className="ps-offline" data-testid="public-offline">
            {t`离线`}
          </span>
        ) : null}
        <LanguageSwitch />
      </header>
      <main className="ps-main">{children}</main>
    </div>
  );
}

export function Message({ title, children, testId, tone = 'info' }: { title?: ReactNode; children?: ReactNode; testId?: string; tone?: 'info' | 'ok' | 'warn' }) {
  return (
    <section className={`ps-message ps-message-${tone}`} data-testid={testId} role={tone === 'warn' ? 'alert' : 'status'}>
      {title ? <h1 className="ps-message-title">{title}</h1> : null}
      {children}
    </section>
  );
}
