import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LOGIN_PASSWORD_MIN, type CaptchaData, type LoginOptions, type LoginRequest } from '../../../contracts/session';
import { configText, getConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/document-title';
import type { Locale } from '../../lib/locale';
import { fetchCaptcha, fetchLoginOptions, login, LoginCallError, takeEarlyCaptcha, takeEarlyOptions } from './login-client';
import './LoginScreen.css';

type FieldName = 'tenant' | 'username' | 'password' | 'captcha';
type Errors = Partial<Record<FieldName, string>>;

export interface LoginScreenProps {
  /** called once the token is stored; the host decides where to go */
  onLoggedIn: () => void | Promise<void>;
  /** the language switch: the host loads its catalogs and remembers the choice (the `language` cookie) */
  switchLocale: (locale: Locale) => Promise<void>;
}

type OptionsState = { status: 'pending' } | { status: 'error'; data?: LoginOptions } | { status: 'success'; data: LoginOptions };

/** GET /api/login/options for the current language; the previous answer stays while another language's loads. */
function useLoginOptions(locale: string): [OptionsState, () => void] {
  const [state, setState] = useState<OptionsState>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const answer = (attempt === 0 && takeEarlyOptions(locale)) || fetchLoginOptions(locale, controller.signal);
    answer.then(
      (data) => !controller.signal.aborted && setState({ status: 'success', data }),
      () => !controller.signal.aborted && setState((current) => ({ status: 'error', data: current.status === 'pending' ? undefined : current.data })),
    );
    return () => controller.abort();
  }, [locale, attempt]);
  const retry = useCallback(() => {
    setState((current) => (current.status === 'error' && !current.data ? { status: 'pending' } : current));
    setAttempt((n) => n + 1);
  }, []);
  return [state, retry];
}

/** GET /api/captcha while the server asks for one: a fresh image on every refresh (never reused). */
function useCaptcha(enabled: boolean, locale: string): [CaptchaData | undefined, () => void] {
  const [captcha, setCaptcha] = useState<CaptchaData>();
  const [round, setRound] = useState(0);
  const first = useRef(true);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const early = first.current ? takeEarlyCaptcha() : null;
    first.current = false;
    (early ?? fetchCaptcha(locale, controller.signal)).then(
      (data) => !controller.signal.aborted && setCaptcha(data),
      () => undefined, // the image stays a placeholder; the button fetches another
    );
    return () => controller.abort();
    // the language does not change the image: a switch keeps it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, round]);
  return [enabled ? captcha : undefined, useCallback(() => setRound((n) => n + 1), [])];
}

function Field({ id, label, error, children }: { id: string; label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="lg-field" data-invalid={error ? '' : undefined}>
      <label className="lg-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p className="lg-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * /login (SPEC §2, §4, §5): username, password (≥ 5), captcha and school when the server asks. Light:
 * React, Lingui and its own CSS (LoginScreen.css), no Chakra, router or query cache, so that the light
 * login page (login.html, src/login-page) and the app's /login route show the same screen.
 */
export function LoginScreen({ onLoggedIn, switchLocale }: LoginScreenProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const config = getConfig();
  const ids = useId();
  useDocumentTitle(t`登录`);
  const [options, retryOptions] = useLoginOptions(locale);
  const data = options.status === 'pending' ? undefined : options.data;
  const captchaEnabled = data?.captchaEnabled ?? false;
  const [captcha, refreshCaptcha] = useCaptcha(captchaEnabled, locale);
  const askTenant = Boolean(data && !data.tenant);

  const [values, setValues] = useState<Record<FieldName, string>>({ tenant: '', username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [switching, setSwitching] = useState(false);

  const set = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const fieldProps = (name: FieldName) => ({
    id: `${ids}-${name}`,
    name,
    value: values[name],
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined,
    onChange: (event: { currentTarget: { value: string } }) => set(name)(event.currentTarget.value),
  });

  function validate(): Errors {
    const next: Errors = {};
    if (askTenant && !values.tenant) next.tenant = t`请选择学校`;
    if (!values.username.trim()) next.username = t`请输入用户名`;
    if (!values.password.trim()) next.password = t`请输入密码`;
    else if (values.password.trim().length < LOGIN_PASSWORD_MIN) next.password = t`密码长度至少5位`;
    if (captchaEnabled && !values.captcha.trim()) next.captcha = t`请输入验证码`;
    return next;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validate();
    setErrors(found);
    setServerError(null);
    if (Object.values(found).some(Boolean)) return;
    const request: LoginRequest = {
      username: values.username.trim(),
      password: values.password.trim(),
      tenant: askTenant ? values.tenant : data?.tenant?.code,
      captchaId: captchaEnabled ? captcha?.captchaId : undefined,
      captcha: captchaEnabled ? values.captcha.trim() : undefined,
    };
    setSubmitting(true);
    try {
      await login(request, locale);
      await onLoggedIn();
    } catch (error) {
      setServerError(error instanceof LoginCallError ? error.msg : t`登录失败`);
      if (captchaEnabled) {
        setValues((current) => ({ ...current, captcha: '' }));
        refreshCaptcha();
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function toggleLocale() {
    setSwitching(true);
    try {
      await switchLocale(locale === 'en' ? 'zh' : 'en');
    } finally {
      setSwitching(false);
    }
  }

  return (
    <div className="lg-page">
      {/* landmarks: the form is the page's main content, the footer its contentinfo (axe: every text in a landmark) */}
      <main className="lg-panel">
        <div className="lg-head">
          <div className="lg-brand">
            {config.logoUrl && <img className="lg-logo" src={config.logoUrl} alt="" width={40} height={40} />}
            <h1 className="lg-title">{configText(config.loginTitle)}</h1>
          </div>
          {/* the visible text ('English' / '中文') is the accessible name; the title explains it */}
          <button type="button" className="lg-lang" title={t`切换语言`} aria-busy={switching || undefined} disabled={switching} onClick={toggleLocale}>
            {locale === 'en' ? '中文' : 'English'}
          </button>
        </div>

        {options.status === 'error' && (
          <div className="lg-alert" role="alert">
            <span className="lg-alert-icon" aria-hidden="true">
              !
            </span>
            <span className="lg-alert-text">
              <Trans>无法连接服务器</Trans>
            </span>
            <button type="button" className="lg-retry" onClick={retryOptions}>
              <Trans>重试</Trans>
            </button>
          </div>
        )}

        {options.status === 'pending' || (options.status === 'error' && !options.data) ? (
          <div className="lg-stack" aria-busy="true">
            <div className="lg-skeleton" />
            <div className="lg-skeleton" />
            <div className="lg-skeleton" />
          </div>
        ) : (
          <form className="lg-stack" onSubmit={onSubmit} noValidate>
            {data?.tenant && (
              <p className="lg-school">
                <Trans>学校：{data.tenant.name}</Trans>
              </p>
            )}
            {askTenant && data && (
              <Field id={`${ids}-tenant`} label={<Trans>学校</Trans>} error={errors.tenant}>
                <select className="lg-input lg-select" {...fieldProps('tenant')}>
                  <option value="">{t`请选择`}</option>
                  {data.tenants.map((tenant) => (
                    <option key={tenant.code} value={tenant.code}>
                      {tenant.name}
                    </option>
                  ))}
                </select>
              </Field>
            )}

            <Field id={`${ids}-username`} label={<Trans>用户名</Trans>} error={errors.username}>
              <input className="lg-input" autoComplete="username" maxLength={50} {...fieldProps('username')} />
            </Field>

            <Field id={`${ids}-password`} label={<Trans>密码</Trans>} error={errors.password}>
              <input className="lg-input" type="password" autoComplete="current-password" maxLength={50} {...fieldProps('password')} />
            </Field>

            {captchaEnabled && (
              <Field id={`${ids}-captcha`} label={<Trans>验证码</Trans>} error={errors.captcha}>
                <div className="lg-captcha-row">
                  <input className="lg-input" autoComplete="off" maxLength={10} {...fieldProps('captcha')} />
                  <button type="button" className="lg-captcha" title={t`看不清？换一张`} aria-label={t`换一张图片`} onClick={refreshCaptcha}>
                    {captcha ? <img src={captcha.image} alt="" width={128} height={40} /> : <span className="lg-skeleton lg-skeleton-fill" />}
                  </button>
                </div>
              </Field>
            )}

            {serverError && (
              <div className="lg-alert" role="alert">
                <span className="lg-alert-icon" aria-hidden="true">
                  !
                </span>
                <span className="lg-alert-text">{serverError}</span>
              </div>
            )}

            <button type="submit" className="lg-submit" aria-busy={submitting || undefined} data-loading={submitting ? '' : undefined}>
              {submitting && <span className="lg-spinner" aria-hidden="true" />}
              <span>
                <Trans>登录</Trans>
              </span>
            </button>
            <a className="lg-forgot" href="/RePassword">
              <Trans>忘记密码？</Trans>
            </a>
          </form>
        )}
      </main>
      {(config.loginFooter || config.recordNumber) && (
        <footer className="lg-footer">
          {config.loginFooter && <p>{config.loginFooter}</p>}
          {config.recordNumber && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              {config.recordNumber}
            </a>
          )}
        </footer>
      )}
    </div>
  );
}
