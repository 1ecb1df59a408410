import { useQuery } from '@tanstack/react-query';
import { refPath, type RefField } from '../../../contracts/resource';
import { post } from '../../lib/http';

/** The rows of another kit resource for a select (`<path>/options`: id and display label, in the definition's order). */
export function useRefChoices(field: RefField | undefined) {
  const path = field ? refPath(field) : '';
  const options = useQuery({
    queryKey: ['resource-options', path],
    queryFn: ({ signal }) => post<{ rows: { id: string; label: string }[] }>(`${path}/options`, {}, { signal }),
    enabled: Boolean(field),
    staleTime: 60_000,
  });
  return { choices: (options.data?.rows ?? []).map((row) => ({ value: row.id, label: row.label })), loading: options.isLoading };
}
