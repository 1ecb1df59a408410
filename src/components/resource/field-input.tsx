import { Input, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { RefField, ResourceField } from '../../../contracts/resource';
import { SELECTOR_PREFIX, parseSelectorCode } from '../../../contracts/selector-constants';
import { localText } from '../../lib/locale';
import { Switch } from '../form/fields';
import { NumberInput } from '../form/NumberInput';
import { ChoiceSelect } from '../selector/ChoiceSelect';
import { DictSelect } from '../selector/DictSelect';
import { PeopleOrgRoleSelector } from '../selector/PeopleOrgRoleSelector';
import { FileUpload } from '../upload/FileUpload';
import { ImageUpload } from '../upload/ImageUpload';
import { useRefChoices } from './ref-options';

/** What an input of the kit's drawer gets; a screen's own input for a field (`inputs`) gets the same. */
export interface FieldInputProps {
  id: string;
  name: string;
  field: ResourceField;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid: boolean;
  testId: string;
}

/** A screen's own inputs by field name (APK's package upload with its tip), in place of the kit's. */
export type FieldInputs = Partial<Record<string, (props: FieldInputProps) => ReactNode>>;

/** The inputs that Chakra's field does not label by itself: the drawer points its label at their id. */
export const labelledById = (field: ResourceField) => field.kind === 'boolean' || field.kind === 'file';

function RefSelect({ field, ...props }: { field: RefField; value: string; onChange: (value: string) => void; invalid: boolean; testId: string }) {
  const { choices, loading } = useRefChoices(field);
  return <ChoiceSelect {...props} choices={choices} loading={loading} />;
}

/** The kit's input for a field kind: text box or area, number, date, switch, select (enum, dictionary, another resource), person or org selector, upload. */
export function FieldInput({ id, field, value, onChange, invalid, testId }: FieldInputProps) {
  const { t, i18n } = useLingui();
  const label = localText(field.label, i18n.locale);
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'text':
      return field.rows ? (
        <Textarea rows={field.rows} value={text} placeholder={t`请输入`} onChange={(event) => onChange(event.target.value)} data-testid={testId} />
      ) : (
        <Input value={text} placeholder={t`请输入`} onChange={(event) => onChange(event.target.value)} data-testid={testId} />
      );
    case 'int':
    case 'decimal':
      return (
        <NumberInput
          value={typeof value === 'number' ? value : null}
          min={field.min}
          max={field.max}
          precision={field.kind === 'decimal' ? field.scale : undefined}
          step={field.kind === 'decimal' ? 10 ** -field.scale : 1}
          onChange={onChange}
          invalid={invalid}
          aria-label={label}
        />
      );
    case 'date':
      return <Input type="date" value={text} onChange={(event) => onChange(event.target.value)} data-testid={testId} />;
    case 'boolean':
      return <Switch id={id} checked={value === true} onChange={onChange} />;
    case 'enum':
      return <ChoiceSelect value={text} onChange={onChange} invalid={invalid} testId={testId} choices={field.options.map((option) => ({ value: option.value, label: localText(option.label, i18n.locale) }))} />;
    case 'dict':
      return <DictSelect typeCode={field.dict} value={text} onChange={onChange} invalid={invalid} testId={testId} />;
    case 'ref':
      // no id of its own: the select takes the field's, which the drawer's label names (as the enum and dictionary selects)
      return <RefSelect field={field} value={text} onChange={onChange} invalid={invalid} testId={testId} />;
    case 'person':
    case 'org': {
      const type = field.kind === 'person' ? 'people' : 'org';
      return (
        <PeopleOrgRoleSelector
          id={id}
          aria-label={label}
          types={[type]}
          multiple={false}
          limit={1}
          value={text ? `${SELECTOR_PREFIX[type]}${text}` : ''}
          onChange={(codes) => onChange(parseSelectorCode(codes.split(',')[0] ?? '')?.value ?? '')}
        />
      );
    }
    case 'file': {
      const Upload = field.image ? ImageUpload : FileUpload;
      return <Upload id={id} category={field.profile} limit={1} value={text ? [text] : []} onChange={(ids) => onChange(ids[0] ?? '')} />;
    }
  }
}
