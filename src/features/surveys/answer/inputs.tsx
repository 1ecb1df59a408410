import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent } from 'react';
import { pickChoice, SURVEY_LIMITS, SURVEY_PICTURE_PROFILE, type AnswerValue, type SurveyQuestion } from '../../../../contracts/survey-rules';
import type { SurveyPictures } from './SurveyForm';

/** One question's input, by kind (SurveyForm's part; same props for every kind). */
export interface QuestionInputProps {
  question: SurveyQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  disabled: boolean;
  pictures?: SurveyPictures;
  /** id of the question's title (the group's name) */
  labelledBy: string;
  /** id of the shown problem, if any */
  describedBy?: string;
  invalid: boolean;
  /** a unique base for input names and ids */
  name: string;
}

export function QuestionInput(props: QuestionInputProps) {
  switch (props.question.kind) {
    case 'single':
      return <SingleInput {...props} />;
    case 'multiple':
      return <MultipleInput {...props} />;
    case 'text':
      return <TextInput {...props} />;
    case 'rating':
      return <RatingInput {...props} />;
    case 'matrix':
      return <MatrixInput {...props} />;
    case 'number':
      return <NumberInput {...props} />;
    case 'date':
      return <DateInput {...props} />;
    case 'picture':
      return <PictureInput {...props} />;
  }
}

/**
 * A question's group: named by its title, described by its problem. ARIA allows aria-required on a
 * radiogroup but not on a plain group (checkboxes, matrix, pictures: axe aria-allowed-attr, critical);
 * there the title's required mark says it.
 */
const groupProps = (props: QuestionInputProps, role: 'radiogroup' | 'group') => ({
  role,
  'aria-labelledby': props.labelledBy,
  'aria-describedby': props.describedBy,
  'aria-invalid': props.invalid || undefined,
  'aria-required': (role === 'radiogroup' && props.question.required) || undefined,
});

function SingleInput(props: QuestionInputProps) {
  const { question, value, onChange, disabled, name } = props;
  const { t } = useLingui();
  const picked = typeof value === 'string' ? value : '';
  return (
    <div className="xw-sf-options" {...groupProps(props, 'radiogroup')}>
      {question.options.map((option) => (
        <label key={option.id} className="xw-sf-option">
          <input type="radio" name={name} value={option.id} checked={picked === option.id} disabled={disabled} onChange={() => onChange(option.id)} />
          <span>{option.label}</span>
        </label>
      ))}
      {!question.required && picked && !disabled ? (
        <button type="button" className="xw-sf-link" onClick={() => onChange(undefined)}>
          {t`清除选择`}
        </button>
      ) : null}
    </div>
  );
}

function MultipleInput(props: QuestionInputProps) {
  const { question, value, onChange, disabled, name } = props;
  const { t } = useLingui();
  const picked = Array.isArray(value) ? value : [];
  const { min, max } = question;
  const full = max !== null && picked.length >= max;
  let hint: string | null = null;
  if (min !== null && max !== null) hint = min === max ? t`请选择${min}项` : t`请选择${min}到${max}项`;
  else if (min !== null) hint = t`至少选择${min}项`;
  else if (max !== null) hint = t`最多选择${max}项`;
  // in the questionnaire's option order; an exclusive option and the others clear each other
  const toggle = (optionId: string, checked: boolean) => onChange(pickChoice(question, picked, optionId, checked));
  return (
    <div className="xw-sf-options" {...groupProps(props, 'group')}>
      {hint ? <p className="xw-sf-hint">{hint}</p> : null}
      {question.options.map((option) => {
        const checked = picked.includes(option.id);
        return (
          <label key={option.id} className="xw-sf-option">
            <input
              type="checkbox"
              name={name}
              value={option.id}
              checked={checked}
              // an exclusive option replaces the others, so a full question still takes it
              disabled={disabled || (full && !checked && !option.exclusive)}
              onChange={(event) => toggle(option.id, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}

function TextInput(props: QuestionInputProps) {
  const { question, value, onChange, disabled, name } = props;
  const text = typeof value === 'string' ? value : '';
  const max = question.max ?? SURVEY_LIMITS.textMaxDefault;
  const length = [...text].length;
  const common = {
    id: `${name}-input`,
    className: 'xw-sf-input',
    value: text,
    disabled,
    'aria-labelledby': props.labelledBy,
    'aria-describedby': [props.describedBy, `${name}-count`].filter(Boolean).join(' '),
    'aria-invalid': props.invalid || undefined,
    'aria-required': question.required || undefined,
  };
  return (
    <div className="xw-sf-text">
      {question.multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      <span id={`${name}-count`} className={length > max ? 'xw-sf-count xw-sf-count-over' : 'xw-sf-count'}>
        {length}/{max}
      </span>
    </div>
  );
}

function RatingInput(props: QuestionInputProps) {
  const { question, value, onChange, disabled } = props;
  const { t } = useLingui();
  const max = question.max ?? SURVEY_LIMITS.ratingMaxDefault;
  const score = typeof value === 'number' ? value : 0;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const scores = Array.from({ length: max }, (_, i) => i + 1);
  const move = (event: KeyboardEvent, current: number) => {
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = current >= max ? 1 : current + 1;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') next = current <= 1 ? max : current - 1;
    else if (event.key === 'Home') next = 1;
    else if (event.key === 'End') next = max;
    if (next === null) return;
    event.preventDefault();
    onChange(next);
    buttons.current[next - 1]?.focus();
  };
  return (
    <div className="xw-sf-rating-wrap">
      <div className="xw-sf-rating" {...groupProps(props, 'radiogroup')}>
        {scores.map((n) => (
          <button
            key={n}
            ref={(element) => {
              buttons.current[n - 1] = element;
            }}
            type="button"
            role="radio"
            aria-checked={score === n}
            aria-label={t`${n} 分`}
            tabIndex={score ? (score === n ? 0 : -1) : n === 1 ? 0 : -1}
            className={n <= score ? 'xw-sf-star xw-sf-star-on' : 'xw-sf-star'}
            disabled={disabled}
            onClick={() => onChange(n)}
            onKeyDown={(event) => move(event, score || n)}
          >
            <span aria-hidden="true">★</span>
          </button>
        ))}
      </div>
      <span className="xw-sf-hint" aria-hidden="true">
        {score ? t`${score} / ${max} 分` : t`1 到 ${max} 分`}
      </span>
      {!question.required && score && !disabled ? (
        <button type="button" className="xw-sf-link" onClick={() => onChange(undefined)}>
          {t`清除评分`}
        </button>
      ) : null}
    </div>
  );
}

function MatrixInput(props: QuestionInputProps) {
  const { question, value, onChange, disabled, name } = props;
  const picked = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const columns = `minmax(8em, 2fr) repeat(${question.options.length}, minmax(3.5em, 1fr))`;
  return (
    <div className="xw-sf-matrix" {...groupProps(props, 'group')} style={{ ['--xw-sf-mcols' as string]: columns }}>
      <div className="xw-sf-mhead" aria-hidden="true">
        <span />
        {question.options.map((option) => (
          <span key={option.id}>{option.label}</span>
        ))}
      </div>
      {question.rows.map((row) => {
        const rowLabel = `${name}-row-${row.id}`;
        return (
          <div key={row.id} className="xw-sf-mrow" role="radiogroup" aria-labelledby={rowLabel}>
            <span className="xw-sf-mrow-label" id={rowLabel}>
              {row.label}
            </span>
            {question.options.map((option) => (
              <label key={option.id} className="xw-sf-mcell">
                <input
                  type="radio"
                  name={`${name}-${row.id}`}
                  value={option.id}
                  checked={picked[row.id] === option.id}
                  disabled={disabled}
                  onChange={() => onChange({ ...picked, [row.id]: option.id })}
                />
                <span className="xw-sf-mcell-label">{option.label}</span>
              </label>
            ))}
          </div>
        );
      })}
    </div>
  );
}

const NUMBER_RE = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** What a number field's text means: a number, nothing (''), or the text itself (not a number: an 'invalid' problem). */
export function parseNumberText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return NUMBER_RE.test(trimmed) ? Number(trimmed) : text;
}

function NumberInput(props: QuestionInputProps) {
  const { question, value, onChange, disabled, name } = props;
  const { t } = useLingui();
  const [raw, setRaw] = useState<string | null>(null);
  const shown = raw !== null && parseNumberText(raw) === (value ?? undefined) ? raw : value === undefined ? '' : String(value);
  const { min, max } = question;
  let hint: string | null = null;
  if (min !== null && max !== null) hint = t`范围 ${min} 到 ${max}`;
  else if (min !== null) hint = t`不小于 ${min}`;
  else if (max !== null) hint = t`不大于 ${max}`;
  const integerHint = question.integer ? t`整数` : null;
  const hintText = [hint, integerHint].filter(Boolean).join('，');
  return (
    <div className="xw-sf-number">
      <input
        id={`${name}-input`}
        className="xw-sf-input"
        type="text"
        inputMode={question.integer && min !== null && min >= 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={shown}
        disabled={disabled}
        aria-labelledby={props.labelledBy}
        aria-describedby={[props.describedBy, hintText ? `${name}-hint` : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={props.invalid || undefined}
        aria-required={question.required || undefined}
        onChange={(event) => {
          setRaw(event.target.value);
          onChange(parseNumberText(event.target.value));
        }}
      />
      {hintText ? (
        <span className="xw-sf-hint" id={`${name}-hint`}>
          {hintText}
        </span>
      ) : null}
    </div>
  );
}

function DateInput(props: QuestionInputProps) {
  const { question, value, onChange, disabled, name } = props;
  return (
    <input
      id={`${name}-input`}
      className="xw-sf-input xw-sf-date"
      type="date"
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      aria-required={question.required || undefined}
      onChange={(event) => onChange(event.target.value || undefined)}
    />
  );
}

const extensionOf = (fileName: string) => (fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '');

function PictureInput(props: QuestionInputProps) {
  const { question, value, onChange, disabled, pictures, name } = props;
  const { t } = useLingui();
  const tokens = Array.isArray(value) ? value : [];
  const max = Math.min(question.max ?? 1, SURVEY_LIMITS.picturesMax);
  const [busy, setBusy] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(tokens);
  latest.current = tokens;
  const room = max - tokens.length - busy;
  const accept = SURVEY_PICTURE_PROFILE.extensions.map((ext) => `.${ext}`).join(',');
  const maxMB = SURVEY_PICTURE_PROFILE.maxKB / 1024;

  const pick = async (files: FileList | null) => {
    if (!files || !pictures) return;
    setError(null);
    const list = [...files];
    if (list.length > room) setError(t`最多上传${max}张图片`);
    for (const file of list.slice(0, Math.max(room, 0))) {
      if (!(SURVEY_PICTURE_PROFILE.extensions as readonly string[]).includes(extensionOf(file.name))) {
        setError(t`只能上传 jpg、jpeg、png 格式的图片`);
        continue;
      }
      if (file.size > SURVEY_PICTURE_PROFILE.maxKB * 1024) {
        setError(t`图片不能超过 ${maxMB} MB`);
        continue;
      }
      setBusy((n) => n + 1);
      try {
        const token = await pictures.add(question.id, file);
        onChange([...latest.current, token]);
        latest.current = [...latest.current, token];
      } catch (failure) {
        setError(failure instanceof Error && failure.message ? failure.message : t`图片保存失败，请重试`);
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };

  const remove = (token: string) => {
    onChange(tokens.filter((other) => other !== token));
    void pictures?.remove?.(token);
  };

  return (
    <div className="xw-sf-pictures" {...groupProps(props, 'group')}>
      <p className="xw-sf-hint">{t`jpg、jpeg、png 格式，每张不超过 ${maxMB} MB，最多 ${max} 张`}</p>
      {tokens.length ? (
        <ul className="xw-sf-thumbs">
          {tokens.map((token, index) => {
            const number = index + 1;
            return (
              <li key={token} className="xw-sf-thumb">
                <img src={pictures?.urlOf(token) ?? ''} alt={t`图片 ${number}`} />
                {!disabled ? (
                  <button type="button" className="xw-sf-thumb-remove" aria-label={t`删除图片 ${number}`} onClick={() => remove(token)}>
                    ×
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {!disabled && room > 0 ? (
        <label className={pictures ? 'xw-sf-upload' : 'xw-sf-upload xw-sf-upload-off'}>
          <input
            type="file"
            accept={accept}
            multiple={room > 1}
            disabled={!pictures}
            className="xw-sf-sr"
            id={`${name}-file`}
            onChange={(event) => {
              const { files } = event.target;
              void pick(files).finally(() => {
                event.target.value = '';
              });
            }}
          />
          <span aria-hidden="true">＋</span>
          <span>{pictures ? t`添加图片` : t`预览时不能上传图片`}</span>
        </label>
      ) : null}
      {busy > 0 ? <p className="xw-sf-hint" role="status">{t`正在保存图片…`}</p> : null}
      {error ? (
        <p className="xw-sf-problem" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
