import { Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { ORG_ADDABLE_KINDS, ORG_CODE_MAX, ORG_GRADE_LEVEL_MAX, ORG_NAME_EN_MAX, ORG_NAME_MAX, ORG_REMARK_MAX, ORG_SORT_MAX, orgIssueText, type OrgField, type OrgKind } from '../../../../contracts/org-rules';
import type { OrgNode, OrgSaveInput } from '../../../../contracts/orgs';
import { useDraft } from '../../../components/form/use-draft';
import { FormShell } from '../../../components/FormShell';
import { NumberInput } from '../../../components/form/NumberInput';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { HttpError } from '../../../lib/http';
import { blankDraft, draftIssues, draftOf, orgTitle, saveBody, type OrgDraft } from './form';
import { useKindLabel } from './labels';
import { FormField } from '../../../components/form/FormField';

export interface OrgDrawerProps {
  /** the unit edited; absent: a new one under `parent` */
  node?: OrgNode;
  parent?: OrgNode;
  all: readonly (OrgNode & { depth: number })[];
  campuses: readonly { id: string; name: string }[];
  onClose: () => void;
  /** rejects on refusal: the drawer keeps what was typed and shows the server's words */
  onSave: (body: OrgSaveInput) => Promise<unknown>;
}

/**
 * 组织机构's add / edit drawer: parent (fixed when editing: move by dragging), kind, code, name,
 * English name, campus, grade level (grades; a class shows its grade's), sort, remark. Problems show as
 * typed in the server's words (contracts/org-rules.ts); a refused save keeps everything typed.
 */
export default function OrgDrawer({ node, parent, all, campuses, onClose, onSave }: OrgDrawerProps) {
  const { t, i18n } = useLingui();
  const kindLabel = useKindLabel();
  const { draft, setDraft, dirty } = useDraft<OrgDraft>(() => (node ? draftOf(node) : blankDraft(parent!)));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  const byId = useMemo(() => new Map(all.map((each) => [each.id, each] as const)), [all]);
  const parentNode = draft.parentId ? byId.get(draft.parentId) : undefined;
  const isRoot = node?.kind === 'school';
  const issues = useMemo(() => draftIssues(draft, parentNode?.kind ?? null, isRoot), [draft, parentNode, isRoot]);
  const lang = i18n.locale === 'en' ? 'en' : 'zh';
  const problem = (field: OrgField) => {
    const issue = issues[field];
    return issue && (tried || touched.has(field)) ? orgIssueText(issue, lang) : undefined;
  };
  const set = (next: Partial<OrgDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setTouched((current) => new Set([...current, ...Object.keys(next)]));
  };
  const parentChoices = all
    .filter((each) => each.kind !== 'class')
    .map((each) => ({ value: each.id, label: `${'　'.repeat(each.depth)}${orgTitle(each, i18n.locale)}（${kindLabel(each.kind)}）` }));

  const save = async () => {
    setTried(true);
    setError('');
    if (Object.keys(issues).length) throw new Error('problems');
    try {
      await onSave(saveBody(draft, node));
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
  };

  return (
    <FormShell open dirty={dirty} size="lg" title={node ? <Trans>编辑机构</Trans> : <Trans>新增机构</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="org-form">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {!isRoot && (
            <FormField errorTestId="org-form-problem" label={<Trans>上级机构</Trans>} required error={problem('parentId')} helper={node ? <Trans>移动请在列表中拖动</Trans> : undefined}>
              <ChoiceSelect value={draft.parentId} placeholder={false} choices={parentChoices} disabled={Boolean(node)} onChange={(parentId) => set({ parentId })} testId="org-form-parent" invalid={Boolean(problem('parentId'))} />
            </FormField>
          )}
          <FormField errorTestId="org-form-problem" label={<Trans>机构类型</Trans>} required>
            {node ? (
              <Text py="2" data-testid="org-form-kind-fixed">
                {kindLabel(node.kind)}
              </Text>
            ) : (
              <ChoiceSelect value={draft.kind} placeholder={false} choices={ORG_ADDABLE_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))} onChange={(kind) => set({ kind: kind as OrgKind })} testId="org-form-kind" />
            )}
          </FormField>
          <FormField errorTestId="org-form-problem" label={<Trans>机构编码</Trans>} required error={problem('code')} helper={<Trans>字母、数字或下划线，不超过30个字符，不能重复</Trans>}>
            <Input value={draft.code} maxLength={ORG_CODE_MAX + 10} placeholder={t`请输入`} fontFamily="mono" onChange={(event) => set({ code: event.currentTarget.value })} data-testid="org-form-code" />
          </FormField>
          <FormField errorTestId="org-form-problem" label={<Trans>机构名称</Trans>} required error={problem('name')}>
            <Input value={draft.name} maxLength={ORG_NAME_MAX + 10} placeholder={t`请输入`} onChange={(event) => set({ name: event.currentTarget.value })} data-testid="org-form-name" />
          </FormField>
          <FormField errorTestId="org-form-problem" label={<Trans>英文名称</Trans>} error={problem('nameEn')}>
            <Input value={draft.nameEn} maxLength={ORG_NAME_EN_MAX + 10} placeholder={t`请输入`} onChange={(event) => set({ nameEn: event.currentTarget.value })} data-testid="org-form-name-en" />
          </FormField>
          <FormField errorTestId="org-form-problem" label={<Trans>校区</Trans>}>
            <ChoiceSelect value={draft.campusId} placeholder={t`请选择`} choices={campuses.map((campus) => ({ value: campus.id, label: campus.name }))} onChange={(campusId) => set({ campusId })} testId="org-form-campus" />
          </FormField>
          {draft.kind === 'grade' && (
            <FormField errorTestId="org-form-problem" label={<Trans>年级序号</Trans>} required error={problem('gradeLevel')} helper={<Trans>1 到 12，例如七年级为 7</Trans>}>
              <NumberInput value={draft.gradeLevel} min={1} max={ORG_GRADE_LEVEL_MAX} onChange={(gradeLevel) => set({ gradeLevel })} aria-label={t`年级序号`} />
            </FormField>
          )}
          {draft.kind === 'class' && (
            <FormField errorTestId="org-form-problem" label={<Trans>年级序号</Trans>} helper={<Trans>与所在年级相同</Trans>}>
              <Text py="2" data-testid="org-form-class-level">
                {parentNode?.gradeLevel ?? '—'}
              </Text>
            </FormField>
          )}
          <FormField errorTestId="org-form-problem" label={<Trans>排序</Trans>} required error={problem('sort')}>
            <NumberInput value={draft.sort} min={0} max={ORG_SORT_MAX} onChange={(sort) => set({ sort })} aria-label={t`排序`} />
          </FormField>
        </SimpleGrid>
        <FormField errorTestId="org-form-problem" label={<Trans>备注</Trans>} error={problem('remark')}>
          <Textarea value={draft.remark} maxLength={ORG_REMARK_MAX + 10} rows={2} placeholder={t`请输入`} onChange={(event) => set({ remark: event.currentTarget.value })} data-testid="org-form-remark" />
        </FormField>
        {error && (
          <Text color="fg.error" role="alert" data-testid="org-form-error" whiteSpace="pre-wrap">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}
