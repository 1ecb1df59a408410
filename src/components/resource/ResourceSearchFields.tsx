import { Field } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { AnyResourceDefinition, ResourceField } from '../../../contracts/resource';
import { SELECTOR_PREFIX, parseSelectorCode } from '../../../contracts/selector-constants';
import { dictItemName, dictQuery } from '../../lib/dicts';
import { localText } from '../../lib/locale';
import { SearchSelectField, SearchTextField } from '../SearchFields';
import { PeopleOrgRoleSelector } from '../selector/PeopleOrgRoleSelector';
import { useRefChoices } from './ref-options';
import { kebab, type SearchInput } from './resource-search';

interface Props {
  definition: AnyResourceDefinition;
  inputs: readonly SearchInput[];
  draft: Record<string, string>;
  onChange: (key: string, value: string) => void;
  testId: string;
}

/** The choices of an equals search on a field that has them (boolean on / off words, enum, dictionary, another resource); null: a text box. */
function useSearchChoices(field: ResourceField | undefined): { value: string; label: string }[] | null {
  const { t, i18n } = useLingui();
  const dict = useQuery({ ...dictQuery(field?.kind === 'dict' ? field.dict : ''), enabled: field?.kind === 'dict' });
  const ref = useRefChoices(field?.kind === 'ref' ? field : undefined);
  switch (field?.kind) {
    case 'boolean':
      return [
        { value: '1', label: field.on ? localText(field.on, i18n.locale) : t`是` },
        { value: '0', label: field.off ? localText(field.off, i18n.locale) : t`否` },
      ];
    case 'enum':
      return field.options.map((option) => ({ value: option.value, label: localText(option.label, i18n.locale) }));
    case 'dict':
      return (dict.data ?? []).map((item) => ({ value: item.code, label: dictItemName(item, i18n.locale) }));
    case 'ref':
      return ref.choices;
    default:
      return null;
  }
}

function SearchInputField({ definition, input, value, onChange, testId }: { definition: AnyResourceDefinition; input: SearchInput; value: string; onChange: (value: string) => void; testId: string }) {
  const { t, i18n } = useLingui();
  const field = input.field ? definition.fields[input.field] : undefined;
  const choices = useSearchChoices(input.kind === 'equals' ? field : undefined);
  const rule = definition.search[input.rule];
  const name = 'contains' in rule ? localText(rule.label, i18n.locale) : field ? localText(field.label, i18n.locale) : input.key;
  const label = input.kind === 'from' ? t`${name}起` : input.kind === 'to' ? t`${name}止` : name;
  // an org unit (a grade, a class) from the org tree: the list shows its whole subtree
  if (input.kind === 'equals' && field?.kind === 'org')
    return (
      <Field.Root width={{ base: 'full', sm: '52' }} data-testid={testId}>
        <Field.Label fontSize="sm">{label}</Field.Label>
        <PeopleOrgRoleSelector
          aria-label={label}
          types={['org']}
          multiple={false}
          limit={1}
          value={value ? `${SELECTOR_PREFIX.org}${value}` : ''}
          onChange={(codes) => onChange(parseSelectorCode(codes.split(',')[0] ?? '')?.value ?? '')}
        />
      </Field.Root>
    );
  if (choices) return <SearchSelectField label={label} value={value} onChange={onChange} choices={choices} testId={testId} />;
  return <SearchTextField label={label} value={value} onChange={onChange} type={field?.kind === 'date' ? 'date' : 'text'} testId={testId} />;
}

/** The search header's inputs generated from the definition's search rules: contains → a text box, equals → a select where the field has choices, range → two inputs. */
export function ResourceSearchFields({ definition, inputs, draft, onChange, testId }: Props) {
  return inputs.map((input) => (
    <SearchInputField key={input.key} definition={definition} input={input} value={draft[input.key] ?? ''} onChange={(value) => onChange(input.key, value)} testId={`${testId}-search-${kebab(input.key)}`} />
  ));
}
