import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { dictItemName, dictQuery } from '../../lib/dicts';
import { ChoiceSelect, type ChoiceSelectProps } from './ChoiceSelect';

export interface DictSelectProps extends Omit<ChoiceSelectProps, 'choices' | 'loading'> {
  /** the dictionary type: options are POST /dicts data[typeCode] ({ code, name, nameEn }) */
  typeCode: string;
}

/** A select over one dictionary type, named in the reader's language. */
export function DictSelect({ typeCode, ...rest }: DictSelectProps) {
  const { i18n } = useLingui();
  const items = useQuery(dictQuery(typeCode));
  const choices = (items.data ?? []).map((item) => ({ value: item.code, label: dictItemName(item, i18n.locale) }));
  return <ChoiceSelect {...rest} choices={choices} loading={items.isLoading} />;
}
