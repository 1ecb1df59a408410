import { useQuery } from '@tanstack/react-query';
import { ChoiceSelect, type ChoiceSelectProps } from './ChoiceSelect';
import { SELECTOR_URLS, teacherTypesQuery } from './selector-api';

export interface TeacherTypeSelectProps extends Omit<ChoiceSelectProps, 'choices' | 'loading'> {
  url?: string;
}

/** Staff categories from /components/getJzgTypeData (CODE, NAME). */
export function TeacherTypeSelect({ url = SELECTOR_URLS.teacherTypes, ...rest }: TeacherTypeSelectProps) {
  const types = useQuery(teacherTypesQuery(url));
  return <ChoiceSelect {...rest} choices={(types.data ?? []).map((type) => ({ value: type.CODE, label: type.NAME }))} loading={types.isLoading} />;
}
