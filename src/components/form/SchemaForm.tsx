import { chakra, Field, Grid, Input } from '@chakra-ui/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { FileCategory } from '../../../contracts/files';
import { FileUpload } from '../upload/FileUpload';
import { ImageUpload } from '../upload/ImageUpload';
import { CheckboxGroup } from './CheckboxGroup';
import { todayText } from './date-rules';
import { Cascader, ColorPicker, Rate, RadioChoices, Select, SingleCheckbox, Slider, Switch, timeSlots, type CascaderNode, type Choice } from './fields';
import { validateForm, type FormValues, type RuleField } from './form-rules';
import { NumberInput } from './NumberInput';

export type { FieldType, FormValues } from './form-rules';

type RawOption = Record<string, unknown>;

export interface SchemaField extends RuleField {
  label: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  helperText?: ReactNode;
  /** select, radio, radio-group, checkbox-group, cascader: raw option objects */
  options?: readonly RawOption[];
  /** option label key (default mc) */
  labelKey?: string;
  /** option value key (default wid) */
  valueKey?: string;
  /** cascader children key (default children) */
  childrenKey?: string;
  /** autocomplete suggestions */
  suggestions?: readonly string[];
  /** input-number, slider: bounds and stepping; rate: max is the number of stars */
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  strict?: boolean;
  /** switch values (default '1' and '0') */
  activeValue?: string;
  inactiveValue?: string;
  /** checkbox (single): values for ticked / not ticked (default true / false) */
  trueValue?: unknown;
  falseValue?: unknown;
  /** time-select range (hh:mm) */
  start?: string;
  end?: string;
  interval?: string;
  /** date-picker: date and time */
  withTime?: boolean;
  /** file-upload, img-upload: limit profile and count */
  category?: FileCategory;
  limit?: number;
  accept?: string;
  maxSizeKB?: number;
  /** take a whole row in the two-column layout */
  wide?: boolean;
}

export interface SlotProps {
  id: string;
  field: SchemaField;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid: boolean;
  disabled?: boolean;
}

export interface SchemaFormProps {
  fields: readonly SchemaField[];
  initialValues?: FormValues;
  /** a shared zod contract: its messages show per field */
  schema?: ZodType;
  /** called with the values when every rule passes; a rejection keeps everything typed */
  onSubmit: (values: FormValues) => unknown;
  onValuesChange?: (values: FormValues) => void;
  /** org-select fields render this (e.g. the people/org/role selector) */
  renderOrgSelect?: (props: SlotProps) => ReactNode;
  /** the form element id, so a FormShell save button can submit it */
  id?: string;
  /** two columns from md up */
  columns?: 1 | 2;
  /** buttons inside the form (e.g. a submit button when not in a FormShell) */
  actions?: ReactNode;
  disabled?: boolean;
}

function toChoices(field: SchemaField): Choice[] {
  const labelKey = field.labelKey ?? 'mc';
  const valueKey = field.valueKey ?? 'wid';
  return (field.options ?? []).map((option) => ({ label: String(option[labelKey] ?? ''), value: String(option[valueKey] ?? ''), disabled: Boolean(option.disabled) }));
}

function toCascader(options: readonly RawOption[], field: SchemaField): CascaderNode[] {
  const labelKey = field.labelKey ?? 'mc';
  const valueKey = field.valueKey ?? 'wid';
  const childrenKey = field.childrenKey ?? 'children';
  return options.map((option) => {
    const children = option[childrenKey];
    return {
      label: String(option[labelKey] ?? ''),
      value: String(option[valueKey] ?? ''),
      children: Array.isArray(children) && children.length > 0 ? toCascader(children as RawOption[], field) : undefined,
    };
  });
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(',') : []);

function Control({ field, id, value, onChange, invalid, disabled, renderOrgSelect }: SlotProps & { renderOrgSelect?: SchemaFormProps['renderOrgSelect'] }) {
  const common = { id, disabled };
  switch (field.type) {
    case 'input':
      return <Input {...common} value={asText(value)} placeholder={field.placeholder} onChange={(event) => onChange(event.target.value)} />;
    case 'autocomplete': {
      const listId = `${id}-list`;
      return (
        <>
          <Input {...common} list={listId} autoComplete="off" value={asText(value)} placeholder={field.placeholder} onChange={(event) => onChange(event.target.value)} />
          <datalist id={listId}>
            {(field.suggestions ?? []).map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
        </>
      );
    }
    case 'radio':
    case 'radio-group':
      return <RadioChoices name={id} choices={toChoices(field)} value={asText(value)} onChange={onChange} disabled={disabled} buttons={field.type === 'radio-group'} />;
    case 'checkbox': {
      const trueValue = field.trueValue ?? true;
      const falseValue = field.falseValue ?? false;
      return <SingleCheckbox id={id} checked={value === trueValue} disabled={disabled} onChange={(checked) => onChange(checked ? trueValue : falseValue)} label={field.placeholder} />;
    }
    case 'checkbox-group':
      return <CheckboxGroup options={toChoices(field)} value={asList(value)} onChange={onChange} disabled={disabled} name={id} max={field.max} />;
    case 'input-number':
      return (
        <NumberInput
          {...common}
          value={value === undefined || value === null || value === '' ? null : Number(value)}
          onChange={onChange}
          min={field.min}
          max={field.max}
          step={field.step}
          precision={field.precision}
          strict={field.strict}
          invalid={invalid}
          placeholder={field.placeholder}
        />
      );
    case 'select':
      return <Select id={id} choices={toChoices(field)} value={asText(value)} onChange={onChange} disabled={disabled} placeholder={field.placeholder} invalid={invalid} />;
    case 'cascader':
      return <Cascader id={id} options={toCascader(field.options ?? [], field)} value={asList(value)} onChange={onChange} disabled={disabled} invalid={invalid} />;
    case 'switch': {
      const active = field.activeValue ?? '1';
      const inactive = field.inactiveValue ?? '0';
      return <Switch id={id} checked={value === active} disabled={disabled} onChange={(checked) => onChange(checked ? active : inactive)} />;
    }
    case 'slider':
      return <Slider id={id} value={Number(value ?? field.min ?? 0)} onChange={onChange} min={field.min} max={field.max} step={field.step} disabled={disabled} />;
    case 'time-select':
      return <Select id={id} choices={timeSlots(field.start, field.end, field.interval).map((slot) => ({ label: slot, value: slot }))} value={asText(value)} onChange={onChange} disabled={disabled} placeholder={field.placeholder} invalid={invalid} />;
    case 'time-picker':
      return <Input {...common} type="time" value={asText(value)} onChange={(event) => onChange(event.target.value)} />;
    case 'date-picker':
      return <Input {...common} type={field.withTime ? 'datetime-local' : 'date'} max={field.noFuture ? (field.withTime ? `${todayText()}T23:59` : todayText()) : undefined} value={asText(value)} onChange={(event) => onChange(event.target.value)} />;
    case 'rate':
      return <Rate id={id} value={Number(value ?? 0)} onChange={onChange} max={field.max} disabled={disabled} />;
    case 'file-upload':
    case 'img-upload': {
      const Upload = field.type === 'file-upload' ? FileUpload : ImageUpload;
      return <Upload id={id} value={asList(value)} onChange={(ids) => onChange(ids.join(','))} category={field.category} limit={field.limit} accept={field.accept} maxSizeKB={field.maxSizeKB} disabled={disabled} />;
    }
    case 'org-select':
      return <>{renderOrgSelect?.({ id, field, value, onChange, invalid, disabled })}</>;
    case 'color-picker':
      return <ColorPicker id={id} value={asText(value)} onChange={onChange} disabled={disabled} />;
  }
}

/**
 * The form wrapper (SPEC §2): fields described as data, rendered with Chakra fields. Required texts
 * default to 请输入 / 请选择, switches to '1' / '0', options to label mc and value wid; the date
 * helper and an optional zod contract give per-field messages. A failed submit keeps the values.
 */
export function SchemaForm({ fields, initialValues, schema, onSubmit, onValuesChange, renderOrgSelect, id, columns = 1, actions, disabled }: SchemaFormProps) {
  const prefix = useId();
  // an untouched switch holds its inactive value ('0'), so it is sent like any other answer
  const [values, setValues] = useState<FormValues>(() => {
    const start: FormValues = { ...initialValues };
    for (const field of fields) if (field.type === 'switch' && start[field.name] === undefined) start[field.name] = field.inactiveValue ?? '0';
    return start;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (name: string, value: unknown) => {
    const next = { ...values, [name]: value };
    setValues(next);
    onValuesChange?.(next);
    if (submitted) setErrors(validateForm(fields, next, schema));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateForm(fields, values, schema);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await onSubmit(values);
    } catch {
      // the caller showed why; everything typed stays
    }
  };

  return (
    <chakra.form id={id} noValidate onSubmit={(event) => void submit(event)}>
      <Grid templateColumns={{ base: '1fr', md: columns === 2 ? '1fr 1fr' : '1fr' }} gap="4">
        {fields.map((field) => {
          const fieldId = `${prefix}-${field.name}`;
          const error = errors[field.name];
          return (
            <Field.Root key={field.name} id={fieldId} required={field.required} invalid={Boolean(error)} disabled={disabled || field.disabled} gridColumn={field.wide ? '1 / -1' : undefined}>
              <Field.Label>
                {field.label}
                {field.required && <Field.RequiredIndicator />}
              </Field.Label>
              <Control
                field={field}
                id={fieldId}
                value={values[field.name]}
                onChange={(value) => change(field.name, value)}
                invalid={Boolean(error)}
                disabled={disabled || field.disabled}
                renderOrgSelect={renderOrgSelect}
              />
              {field.helperText && !error && <Field.HelperText>{field.helperText}</Field.HelperText>}
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
          );
        })}
      </Grid>
      {actions}
    </chakra.form>
  );
}
