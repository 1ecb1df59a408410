import { Badge, Box, Button, Code, Collapsible, Flex, Input, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_FILTER_KINDS, ROLE_LIMITS } from '../../../../contracts/roles-rules';
import type { RoleFilterCatalog, RoleFilterKind, RoleFilterTestData } from '../../../../contracts/roles';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { HttpError } from '../../../lib/http';
import { filterCatalogQuery, testFilter } from './api';
import { paramsOf, type Problems, type RoleDraft, type RoleDraftField } from './form-rules';
import { FILTER_KIND_LABELS, FormField, useProblemText } from './labels';

type FilterPart = Pick<RoleDraft, 'filterKind' | 'filter' | 'filterParams'>;

export interface FilterEditorProps {
  value: FilterPart;
  onChange: (next: Partial<FilterPart>) => void;
  /** problems to show (after a save was tried) */
  problems: Problems<RoleDraftField>;
}

type TestState = { kind: 'idle' } | { kind: 'running' } | { kind: 'ok'; data: RoleFilterTestData } | { kind: 'refused'; msg: string };

/** An example SELECT from the catalog: the first relation's first column (when the server gives none). */
export function exampleOf(catalog: RoleFilterCatalog | undefined): string {
  if (!catalog) return '';
  if (catalog.example) return catalog.example;
  const relation = catalog.relations[0];
  if (!relation) return '';
  const id = relation.columns.find((column) => column.name === 'id') ?? relation.columns[0];
  return `SELECT ${id?.name ?? 'id'} FROM ${relation.name}`;
}

/**
 * A dynamic role's filter: SELECT (a monospace editor with the catalog's help: relations and columns
 * it may read, functions, an example) or a procedure of the catalog with its three parameters, and
 * 测试, which runs it without saving and shows the count and a sample, or the server's refusal.
 */
export function FilterEditor({ value, onChange, problems }: FilterEditorProps) {
  const { t, i18n } = useLingui();
  const problemText = useProblemText();
  const catalog = useQuery(filterCatalogQuery);
  const [test, setTest] = useState<TestState>({ kind: 'idle' });
  // what was typed under the other kind: switching SELECT ↔ 存储过程 and back loses nothing (the active one is sent)
  const [drafts, setDrafts] = useState<Partial<Record<RoleFilterKind, Omit<FilterPart, 'filterKind'>>>>({});
  const switchKind = (kind: RoleFilterKind) => {
    if (kind === value.filterKind) return;
    setDrafts((current) => ({ ...current, [value.filterKind]: { filter: value.filter, filterParams: value.filterParams } }));
    change({ filterKind: kind, ...(drafts[kind] ?? { filter: '', filterParams: ['', '', ''] }) });
  };
  const change = (next: Partial<FilterPart>) => {
    setTest({ kind: 'idle' });
    onChange(next);
  };
  const procedure = catalog.data?.procedures.find((candidate) => candidate.name === value.filter);
  const example = exampleOf(catalog.data);

  const run = async () => {
    const filter = value.filter.trim();
    if (!filter) {
      setTest({ kind: 'refused', msg: value.filterKind === 'select' ? t`请输入筛选语句` : t`请选择存储过程` });
      return;
    }
    setTest({ kind: 'running' });
    try {
      const data = await testFilter({ filterKind: value.filterKind, filter, filterParams: paramsOf(value) });
      setTest({ kind: 'ok', data });
    } catch (error) {
      setTest({ kind: 'refused', msg: error instanceof HttpError ? error.msg : t`测试失败，请稍后重试` });
    }
  };

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="role-filter">
      <FormField label={<Trans>筛选方式</Trans>} required>
        <ChoiceSelect
          value={value.filterKind}
          placeholder={false}
          testId="role-form-filter-kind"
          onChange={(kind) => switchKind(kind as RoleFilterKind)}
          choices={ROLE_FILTER_KINDS.map((kind) => ({ value: kind, label: i18n._(FILTER_KIND_LABELS[kind]) }))}
        />
      </FormField>
      {value.filterKind === 'select' ? (
        <FormField
          label={<Trans>筛选语句</Trans>}
          required
          error={problemText(problems.filter)}
          helper={<Trans>一条 SELECT 语句，只返回一列：本校人员的用户 ID</Trans>}
        >
          <Textarea
            value={value.filter}
            onChange={(event) => change({ filter: event.currentTarget.value })}
            rows={7}
            maxLength={ROLE_LIMITS.filterMax}
            fontFamily="mono"
            fontSize="sm"
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            placeholder={example}
            data-testid="role-form-filter"
          />
        </FormField>
      ) : (
        <>
          <FormField label={<Trans>存储过程</Trans>} required error={problemText(problems.filter, 'select')} helper={procedure?.note}>
            <ChoiceSelect
              value={value.filter}
              loading={catalog.isPending}
              testId="role-form-procedure"
              placeholder={t`请选择`}
              onChange={(filter) => change({ filter })}
              choices={(catalog.data?.procedures ?? []).map((candidate) => ({ value: candidate.name, label: candidate.name }))}
            />
          </FormField>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
            {value.filterParams.map((param, index) => {
              const label = procedure?.params[index] ?? t`参数 ${index + 1}`;
              return (
                <FormField key={index} label={label} error={problemText(problems[`filterParam${index}` as RoleDraftField])}>
                  <Input
                    value={param}
                    maxLength={ROLE_LIMITS.filterParamMax}
                    onChange={(event) => {
                      const filterParams = [...value.filterParams] as RoleDraft['filterParams'];
                      filterParams[index] = event.currentTarget.value;
                      change({ filterParams });
                    }}
                    data-testid={`role-form-param-${index}`}
                  />
                </FormField>
              );
            })}
          </Stack>
        </>
      )}
      <Flex gap="3" align="start" wrap="wrap">
        <Button size="sm" variant="outline" colorPalette="brand" minH="10" loading={test.kind === 'running'} onClick={() => void run()} data-testid="role-filter-test">
          <Trans>测试</Trans>
        </Button>
        <Box flex="1" minW="48" aria-live="polite">
          {test.kind === 'ok' && <TestResult data={test.data} />}
          {test.kind === 'refused' && (
            <Text color="fg.error" role="alert" data-testid="role-filter-refused" whiteSpace="pre-wrap">
              {test.msg}
            </Text>
          )}
        </Box>
      </Flex>
      {value.filterKind === 'select' && <FilterHelp catalog={catalog.data} example={example} />}
    </Stack>
  );
}

function TestResult({ data }: { data: RoleFilterTestData }) {
  const count = data.count;
  const ms = data.durationMs;
  return (
    <Stack gap="1.5" data-testid="role-filter-result">
      <Text color="fg.success" fontWeight="medium">
        <Trans>
          符合条件 {count} 人（用时 {ms} 毫秒）
        </Trans>
      </Text>
      {data.sample.length > 0 && (
        <Wrap gap="1" data-testid="role-filter-sample">
          {data.sample.map((person) => (
            <Badge key={person.id} variant="subtle">
              {person.name}（{person.username}）
            </Badge>
          ))}
          {count > data.sample.length && (
            <Text fontSize="xs" color="fg.muted" alignSelf="center">
              <Trans>仅显示前 {data.sample.length} 人</Trans>
            </Text>
          )}
        </Wrap>
      )}
    </Stack>
  );
}

function FilterHelp({ catalog, example }: { catalog: RoleFilterCatalog | undefined; example: string }) {
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button size="xs" variant="ghost" alignSelf="start" data-testid="role-filter-help-toggle">
          <Trans>可用的表、列和函数</Trans>
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="3" fontSize="sm" pt="2" data-testid="role-filter-help">
          {!catalog ? (
            <Text color="fg.muted">
              <Trans>加载中…</Trans>
            </Text>
          ) : (
            <>
              {catalog.relations.map((relation) => (
                <Box key={relation.name}>
                  <Code fontWeight="bold">{relation.name}</Code>
                  <Stack as="ul" gap="0.5" ps="4" pt="1">
                    {relation.columns.map((column) => (
                      <Text as="li" key={column.name} fontSize="xs">
                        <Code fontSize="xs">{column.name}</Code> <Text as="span" color="fg.muted">{column.type}</Text>
                        {column.note && <Text as="span"> — {column.note}</Text>}
                      </Text>
                    ))}
                  </Stack>
                </Box>
              ))}
              <Box>
                <Text fontWeight="medium">
                  <Trans>可用函数</Trans>
                </Text>
                <Text fontFamily="mono" fontSize="xs" wordBreak="break-word">
                  {catalog.functions.join(', ')}
                </Text>
              </Box>
              {example && (
                <Box>
                  <Text fontWeight="medium">
                    <Trans>示例</Trans>
                  </Text>
                  <Code display="block" whiteSpace="pre-wrap" p="2" fontSize="xs" data-testid="role-filter-example">
                    {example}
                  </Code>
                </Box>
              )}
            </>
          )}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
