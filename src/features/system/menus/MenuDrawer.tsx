import { Box, chakra, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import { MENU_ICON_MAX, MENU_NAME_EN_MAX, MENU_NAME_MAX, MENU_PARAM_MAX, MENU_SORT_MAX, MENU_URL_MAX, menuIssueText, protectedMenuCodes, type MenuAdminNode, type MenuField, type MenuKind, type MenuSaveInput } from '../../../../contracts/menu-admin';
import { useDraft } from '../../../components/form/use-draft';
import { FormShell } from '../../../components/FormShell';
import { Switch } from '../../../components/form/fields';
import { NumberInput } from '../../../components/form/NumberInput';
import { ICON_NAMES, NamedIcon } from '../../../components/NamedIcon';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { HttpError } from '../../../lib/http';
import { blankDraft, draftIssues, draftOf, menuTitle, saveBody, type MenuDraft } from './form';
import { FormField } from '../../../components/form/FormField';

export interface MenuDrawerProps {
  /** the row edited; absent: a new one under `parent` */
  node?: MenuAdminNode;
  /** a new row's parent (null = top level) */
  parent?: MenuAdminNode | null;
  /** every node, for the parent choice */
  all: readonly (MenuAdminNode & { depth: number })[];
  onClose: () => void;
  /** rejects on refusal: the drawer stays with everything typed and shows the server's words */
  onSave: (body: MenuSaveInput) => Promise<unknown>;
}

function Toggle({ checked, onChange, label, testId, disabled }: { checked: boolean; onChange: (on: boolean) => void; label: ReactNode; testId: string; disabled?: boolean }) {
  return (
    <HStack gap="2" data-testid={testId} data-checked={checked || undefined}>
      <Switch id={testId} checked={checked} onChange={onChange} disabled={disabled} />
      <chakra.label htmlFor={testId} cursor="pointer">
        {label}
      </chakra.label>
    </HStack>
  );
}

/**
 * 菜单管理's add / edit drawer: parent, type, names, route address, icon (with a preview), sort,
 * permission values, hidden, always show, placement, home shortcut, custom page and its parameter.
 * A field's problem shows as it is typed (after it was touched, or after a save was tried), in the
 * server's words (contracts/menu-admin-rules.ts); a refused save keeps everything typed.
 */
export default function MenuDrawer({ node, parent = null, all, onClose, onSave }: MenuDrawerProps) {
  const { t, i18n } = useLingui();
  const { draft, setDraft, dirty } = useDraft<MenuDraft>(() => (node ? draftOf(node) : blankDraft(parent)));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  const byId = useMemo(() => new Map(all.map((each) => [each.id, each] as const)), [all]);
  const parentKind: MenuKind | null = draft.parentId ? (byId.get(draft.parentId)?.type ?? null) : null;
  const issues = useMemo(() => draftIssues(draft, parentKind), [draft, parentKind]);
  const lang = i18n.locale === 'en' ? 'en' : 'zh';
  const problem = (field: MenuField) => {
    const issue = issues[field];
    return issue && (tried || touched.has(field)) ? menuIssueText(issue, lang) : undefined;
  };
  const set = (next: Partial<MenuDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setTouched((current) => new Set([...current, ...Object.keys(next)]));
  };

  // parents offered: not a button, not the row itself or anything under it
  const below = useMemo(() => {
    const ids = new Set<string>();
    if (!node) return ids;
    ids.add(node.id);
    for (const each of all) if (each.parentId && ids.has(each.parentId)) ids.add(each.id);
    return ids;
  }, [all, node]);
  const parentChoices = [
    { value: '', label: t`顶级` },
    ...all.filter((each) => each.type !== 'button' && !below.has(each.id)).map((each) => ({ value: each.id, label: `${'　'.repeat(each.depth)}${menuTitle(each, i18n.locale)}` })),
  ];
  const kinds: { value: MenuKind; label: string }[] = [
    { value: 'directory', label: t`目录` },
    { value: 'menu', label: t`菜单` },
    { value: 'button', label: t`按钮` },
  ];

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

  const isButton = draft.type === 'button';
  // a seeded 系统管理 row keeps its place, type, address, visibility and codes (the server refuses otherwise)
  const kept = node ? protectedMenuCodes(node.perms) : [];
  const locked = kept.length > 0;
  const codes = kept.join(', ');
  return (
    <FormShell open dirty={dirty} size="lg" title={node ? <Trans>编辑菜单</Trans> : <Trans>新增菜单</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="menu-form">
        {locked && (
          <Text fontSize="sm" color="fg.muted" bg="bg.muted" borderRadius="l2" px="3" py="2" data-testid="menu-form-protected">
            <Trans>系统管理的基本菜单：不能移到别处或隐藏，也不能修改类型、路由地址或去掉权限值 {codes}。</Trans>
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FormField errorTestId="menu-form-problem" label={<Trans>上级菜单</Trans>} error={problem('parentId')}>
            <ChoiceSelect value={draft.parentId} placeholder={false} choices={parentChoices} onChange={(parentId) => set({ parentId })} testId="menu-form-parent" invalid={Boolean(problem('parentId'))} disabled={locked} />
          </FormField>
          <FormField errorTestId="menu-form-problem" label={<Trans>菜单类型</Trans>} required>
            <ChoiceSelect value={draft.type} placeholder={false} choices={kinds} onChange={(type) => set({ type: type as MenuKind, parentId: draft.parentId })} testId="menu-form-type" disabled={locked} />
          </FormField>
          <FormField errorTestId="menu-form-problem" label={<Trans>菜单名称</Trans>} required error={problem('menuname')}>
            <Input value={draft.menuname} maxLength={MENU_NAME_MAX + 10} placeholder={t`请输入`} onChange={(event) => set({ menuname: event.currentTarget.value })} data-testid="menu-form-name" />
          </FormField>
          <FormField errorTestId="menu-form-problem" label={<Trans>英文名称</Trans>} error={problem('menuNameEng')}>
            <Input value={draft.menuNameEng} maxLength={MENU_NAME_EN_MAX + 10} placeholder={t`请输入`} onChange={(event) => set({ menuNameEng: event.currentTarget.value })} data-testid="menu-form-name-en" />
          </FormField>
          {!isButton && (
            <FormField errorTestId="menu-form-problem" label={<Trans>路由地址</Trans>} required={draft.type === 'menu'} error={problem('menuurl')} helper={<Trans>以 / 开头，例如 /system/menu</Trans>}>
              <Input value={draft.menuurl} maxLength={MENU_URL_MAX + 10} placeholder={t`请输入`} fontFamily="mono" onChange={(event) => set({ menuurl: event.currentTarget.value })} readOnly={locked} data-testid="menu-form-url" />
            </FormField>
          )}
          <FormField errorTestId="menu-form-problem" label={<Trans>菜单图标</Trans>} error={problem('icon')}>
            <HStack gap="2">
              <Box boxSize="9" flexShrink={0} display="inline-flex" alignItems="center" justifyContent="center" borderWidth="1px" borderRadius="l2" aria-hidden data-testid="menu-form-icon-preview" data-icon={draft.icon}>
                {draft.icon && <NamedIcon name={draft.icon} boxSize="5" />}
              </Box>
              <ChoiceSelect
                value={draft.icon}
                placeholder={t`无图标`}
                choices={[...(draft.icon && !ICON_NAMES.includes(draft.icon) ? [draft.icon] : []), ...ICON_NAMES].slice(0, 200).map((name) => ({ value: name, label: name }))}
                onChange={(icon) => set({ icon: icon.slice(0, MENU_ICON_MAX) })}
                testId="menu-form-icon"
                aria-label={t`菜单图标`}
              />
            </HStack>
          </FormField>
          <FormField errorTestId="menu-form-problem" label={<Trans>排序</Trans>} required error={problem('sort')} helper={<Trans>0 到 9999，小的在前</Trans>}>
            <NumberInput value={draft.sort} min={0} max={MENU_SORT_MAX} onChange={(sort) => set({ sort })} aria-label={t`排序`} />
          </FormField>
          <FormField errorTestId="menu-form-problem" label={<Trans>权限值</Trans>} required={isButton} error={problem('perms')} helper={<Trans>多个用逗号分隔；字母开头，字母、数字或下划线</Trans>}>
            <Input value={draft.perms} placeholder={t`请输入`} fontFamily="mono" onChange={(event) => set({ perms: event.currentTarget.value })} data-testid="menu-form-perms" />
          </FormField>
          {!isButton && (
            <FormField errorTestId="menu-form-problem" label={<Trans>菜单位置</Trans>}>
              <ChoiceSelect
                value={draft.cdwz}
                placeholder={false}
                choices={[
                  { value: 'left', label: t`左侧` },
                  { value: 'top', label: t`顶部` },
                ]}
                onChange={(cdwz) => set({ cdwz: cdwz as 'top' | 'left' })}
                testId="menu-form-placement"
              />
            </FormField>
          )}
        </SimpleGrid>
        {!isButton && (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Toggle checked={draft.hidden} onChange={(hidden) => set({ hidden })} label={<Trans>隐藏</Trans>} testId="menu-form-hidden" disabled={locked && !node?.hidden} />
            <Toggle checked={draft.alwaysShow} onChange={(alwaysShow) => set({ alwaysShow })} label={<Trans>总是显示</Trans>} testId="menu-form-always-show" />
            <Toggle checked={draft.sfswsy === '1'} onChange={(on) => set({ sfswsy: on ? '1' : '0' })} label={<Trans>设为首页快捷入口</Trans>} testId="menu-form-home" />
            <Toggle checked={draft.sfzdy === '1'} onChange={(on) => set({ sfzdy: on ? '1' : '0' })} label={<Trans>自定义页面</Trans>} testId="menu-form-custom" />
          </SimpleGrid>
        )}
        {!isButton && draft.sfzdy === '1' && (
          <FormField errorTestId="menu-form-problem" label={<Trans>自定义参数</Trans>} required error={problem('zdycs')}>
            <Input value={draft.zdycs} maxLength={MENU_PARAM_MAX + 10} placeholder={t`请输入`} onChange={(event) => set({ zdycs: event.currentTarget.value })} data-testid="menu-form-param" />
          </FormField>
        )}
        {error && (
          <Text color="fg.error" role="alert" data-testid="menu-form-error" whiteSpace="pre-wrap">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}
