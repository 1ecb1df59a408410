/**
 * One student's guardians (家庭信息): emergency contacts first in their order, then the others; add a
 * guardian (a person without an account), edit one, link an existing guardian found by phone or ID
 * number (a sibling's parent), move an emergency contact up or down, unlink (the person and their
 * account stay while linked to another child). Read-only without jtxx_edit.
 */
import { Badge, Box, Button, CloseButton, Drawer, Flex, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { FAMILY_RELATION_DICT, ID_TYPE_DICT } from '../../../contracts/dict-codes';
import { EMERGENCY_ORDER_MAX, type GuardianFields, guardianIssues, RESIDENT_ID } from '../../../contracts/guardian-rules';
import type { Guardian, GuardianFound } from '../../../contracts/guardians';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormShell } from '../../components/FormShell';
import { FormField } from '../../components/form/FormField';
import { SingleCheckbox } from '../../components/form/fields';
import { RequestError } from '../../components/RequestError';
import { ChoiceSelect } from '../../components/selector/ChoiceSelect';
import { DictSelect } from '../../components/selector/DictSelect';
import { dictLabel, dictQuery } from '../../lib/dicts';
import { HttpError } from '../../lib/http';
import { useLocalName } from '../../lib/local-name';
import { localText } from '../../lib/locale';
import { notify } from '../../lib/notify';
import { findGuardians, linkGuardian, reorderGuardians, saveGuardian, studentGuardiansQuery, unlinkGuardian } from './api';

export interface GuardianDrawerProps {
  studentId: string;
  mayEdit: boolean;
  onClose: () => void;
  /** a change was saved: the list reads again */
  onChanged: () => void;
}

type Editing = { kind: 'add' } | { kind: 'edit'; guardian: Guardian } | { kind: 'link' };
type Problems = Partial<Record<keyof GuardianFields, string>>;

const blank = (order: number | null): GuardianFields => ({ name: '', relation: '', phone: '', workUnit: '', idType: RESIDENT_ID, idNumber: '', livesWith: true, emergencyOrder: order });
const fieldsOf = (guardian: Guardian): GuardianFields => ({
  name: guardian.name,
  relation: guardian.relation,
  phone: guardian.phone,
  workUnit: guardian.workUnit,
  idType: guardian.idType,
  idNumber: guardian.idNumber,
  livesWith: guardian.livesWith,
  emergencyOrder: guardian.emergencyOrder,
});

/** The server's refusal as field problems (40000 issues, or a 40900 naming its field), else its message. */
function problemsOf(error: unknown): { problems: Problems; message: string } {
  if (!(error instanceof HttpError)) return { problems: {}, message: '' };
  const data = error.data as { issues?: { field: string; message: string }[]; field?: string } | null | undefined;
  const problems: Problems = {};
  for (const issue of data?.issues ?? []) problems[issue.field as keyof GuardianFields] ??= issue.message;
  if (data?.field && !data.issues) problems[data.field as keyof GuardianFields] = error.msg;
  return { problems, message: Object.keys(problems).length > 0 ? '' : error.msg };
}

export default function GuardianDrawer({ studentId, mayEdit, onClose, onChanged }: GuardianDrawerProps) {
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const query = useQuery(studentGuardiansQuery(studentId));
  const relations = useQuery(dictQuery(FAMILY_RELATION_DICT));
  const idTypes = useQuery(dictQuery(ID_TYPE_DICT));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [unlinking, setUnlinking] = useState<Guardian | null>(null);
  const [busy, setBusy] = useState(false);
  const guardians = query.data?.guardians ?? [];
  const contacts = guardians.filter((guardian) => guardian.emergencyOrder !== null);
  const nextOrder = contacts.length < EMERGENCY_ORDER_MAX ? Math.max(0, ...contacts.map((guardian) => guardian.emergencyOrder ?? 0)) + 1 : null;

  const changed = useCallback(async () => {
    onChanged();
    await query.refetch();
  }, [onChanged, query]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      if (done) notify.success(done);
    } catch (error) {
      if (error instanceof HttpError) notify.error(error.msg);
    } finally {
      setBusy(false);
      await changed();
    }
  };

  /** moves an emergency contact one place up (-1) or down (+1): the whole order in one call */
  const move = (guardian: Guardian, step: -1 | 1) => {
    const order = contacts.map((row) => row.parentId);
    const from = order.indexOf(guardian.parentId);
    const to = from + step;
    if (from < 0 || to < 0 || to >= order.length) return;
    [order[from], order[to]] = [order[to], order[from]];
    void run(() => reorderGuardians(studentId, order), t`紧急联系顺序已保存`);
  };

  const student = query.data?.student;
  return (
    <Drawer.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'md' }} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="guardian-drawer">
            <Drawer.Header>
              <Drawer.Title>
                {student ? (
                  <>
                    {student.studentName}{' '}
                    <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal">
                      {student.studentNo} {localName(student.className, student.classNameEn)}
                    </Text>
                  </>
                ) : (
                  <Trans>监护人</Trans>
                )}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="3">
                {mayEdit && (
                  <HStack gap="2" wrap="wrap">
                    <Button colorPalette="brand" minH="11" onClick={() => setEditing({ kind: 'add' })} data-testid="guardian-add">
                      <Trans>新增监护人</Trans>
                    </Button>
                    <Button variant="outline" minH="11" onClick={() => setEditing({ kind: 'link' })} data-testid="guardian-link">
                      <Trans>关联已有监护人</Trans>
                    </Button>
                  </HStack>
                )}
                {query.isError ? (
                  <RequestError error={query.error} />
                ) : guardians.length === 0 && !query.isLoading ? (
                  <Text color="fg.muted">
                    <Trans>暂无监护人</Trans>
                  </Text>
                ) : (
                  <Stack as="ul" gap="3" listStyleType="none" aria-label={t`监护人`}>
                    {guardians.map((guardian) => {
                      const place = contacts.findIndex((row) => row.parentId === guardian.parentId);
                      return (
                        <Box as="li" key={guardian.parentId} borderWidth="1px" borderRadius="l2" p="3" data-testid="guardian-item" data-name={guardian.name}>
                          <Flex gap="2" align="center" wrap="wrap">
                            <Text fontWeight="semibold">{guardian.name}</Text>
                            <Badge colorPalette="blue">{dictLabel(relations.data, guardian.relation, i18n.locale)}</Badge>
                            {guardian.emergencyOrder !== null && (
                              <Badge colorPalette="orange" data-testid="guardian-order">
                                {t`紧急联系人 ${guardian.emergencyOrder}`}
                              </Badge>
                            )}
                            {guardian.livesWith && <Badge colorPalette="green">{t`同住`}</Badge>}
                          </Flex>
                          <Text fontSize="sm">
                            {guardian.phone}
                            {guardian.workUnit ? ` · ${guardian.workUnit}` : ''}
                          </Text>
                          {guardian.idNumber && (
                            <Text fontSize="sm" color="fg.muted">
                              {dictLabel(idTypes.data, guardian.idType, i18n.locale)} {guardian.idNumber}
                            </Text>
                          )}
                          <Text fontSize="sm" color="fg.muted" data-testid="guardian-item-account">
                            {guardian.hasAccount ? t`家长账号：${guardian.account}` : t`未开通家长账号`}
                          </Text>
                          {guardian.otherChildren.length > 0 && (
                            <Text fontSize="sm" color="fg.muted" data-testid="guardian-item-children">
                              {t`也是 ${guardian.otherChildren.join('、')} 的监护人`}
                            </Text>
                          )}
                          {mayEdit && (
                            <HStack gap="1" mt="2" wrap="wrap">
                              <Button size="sm" variant="outline" minH="11" onClick={() => setEditing({ kind: 'edit', guardian })} aria-label={t`编辑 ${guardian.name}`} data-testid="guardian-edit">
                                <Trans>编辑</Trans>
                              </Button>
                              {place > 0 && (
                                <Button size="sm" variant="outline" minH="11" disabled={busy} onClick={() => move(guardian, -1)} aria-label={t`上移 ${guardian.name}`} data-testid="guardian-up">
                                  <Trans>上移</Trans>
                                </Button>
                              )}
                              {place >= 0 && place < contacts.length - 1 && (
                                <Button size="sm" variant="outline" minH="11" disabled={busy} onClick={() => move(guardian, 1)} aria-label={t`下移 ${guardian.name}`} data-testid="guardian-down">
                                  <Trans>下移</Trans>
                                </Button>
                              )}
                              <Button size="sm" variant="outline" colorPalette="red" minH="11" onClick={() => setUnlinking(guardian)} aria-label={t`解除关联 ${guardian.name}`} data-testid="guardian-unlink">
                                <Trans>解除关联</Trans>
                              </Button>
                            </HStack>
                          )}
                        </Box>
                      );
                    })}
                  </Stack>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
            {editing && editing.kind !== 'link' && (
              <GuardianForm
                studentId={studentId}
                guardian={editing.kind === 'edit' ? editing.guardian : undefined}
                nextOrder={nextOrder}
                onClose={() => setEditing(null)}
                onSaved={async () => {
                  setEditing(null);
                  await changed();
                }}
              />
            )}
            {editing?.kind === 'link' && (
              <LinkForm
                studentId={studentId}
                linked={new Set(guardians.map((guardian) => guardian.parentId))}
                nextOrder={nextOrder}
                onClose={() => setEditing(null)}
                onSaved={async () => {
                  setEditing(null);
                  await changed();
                }}
              />
            )}
            <ConfirmDialog
              open={unlinking !== null}
              title={<Trans>解除关联？</Trans>}
              confirmLabel={<Trans>解除关联</Trans>}
              busy={busy}
              onCancel={() => setUnlinking(null)}
              onConfirm={() => {
                const target = unlinking;
                setUnlinking(null);
                if (target) void run(async () => notify.success((await unlinkGuardian(studentId, target.parentId)).removed ? t`已解除关联` : t`已解除关联；该监护人仍关联其他学生或持有账号，予以保留`), '');
              }}
            >
              <Trans>{unlinking?.name} 将不再是这名学生的监护人。</Trans>
            </ConfirmDialog>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function OrderSelect({ value, onChange, invalid }: { value: number | null; onChange: (value: number | null) => void; invalid?: boolean }) {
  const { t } = useLingui();
  return (
    <ChoiceSelect
      id="guardian-emergencyOrder"
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      placeholder={t`不是紧急联系人`}
      invalid={invalid}
      testId="guardian-form-emergencyOrder"
      choices={Array.from({ length: EMERGENCY_ORDER_MAX }, (_, index) => ({ value: String(index + 1), label: t`第 ${index + 1} 位` }))}
    />
  );
}

function GuardianForm({ studentId, guardian, nextOrder, onClose, onSaved }: { studentId: string; guardian?: Guardian; nextOrder: number | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<GuardianFields>(() => (guardian ? fieldsOf(guardian) : blank(nextOrder)));
  const [problems, setProblems] = useState<Problems>({});
  const [message, setMessage] = useState('');
  const patch = (values: Partial<GuardianFields>) => setDraft((current) => ({ ...current, ...values }));
  const save = async () => {
    const issues = guardianIssues(draft);
    if (issues.length > 0) {
      const found: Problems = {};
      for (const issue of issues) found[issue.field as keyof GuardianFields] ??= localText(issue.message, i18n.locale);
      setProblems(found);
      setMessage('');
      throw new Error('invalid');
    }
    try {
      await saveGuardian({ studentId, ...(guardian ? { parentId: guardian.parentId, version: guardian.version } : {}), ...draft });
      notify.success(t`保存成功`);
      await onSaved();
    } catch (error) {
      const refused = problemsOf(error);
      setProblems(refused.problems);
      setMessage(refused.message);
      throw error;
    }
  };
  const text = (field: 'name' | 'phone' | 'workUnit' | 'idNumber', label: string, required = false, maxLength = 100) => (
    <FormField label={label} required={required} error={problems[field]} htmlFor={`guardian-${field}`}>
      <Input id={`guardian-${field}`} value={draft[field]} maxLength={maxLength} onChange={(event) => patch({ [field]: event.target.value })} data-testid={`guardian-form-${field}`} />
    </FormField>
  );
  return (
    <FormShell open variant="dialog" title={guardian ? t`编辑监护人` : t`新增监护人`} onCancel={onClose} onSave={save} error={message || undefined}>
      <Stack gap="3" data-testid="guardian-form">
        {text('name', t`姓名`, true, 30)}
        <FormField label={t`与学生关系`} required error={problems.relation} htmlFor="guardian-relation">
          <DictSelect id="guardian-relation" typeCode={FAMILY_RELATION_DICT} value={draft.relation} onChange={(relation) => patch({ relation })} invalid={!!problems.relation} testId="guardian-form-relation" />
        </FormField>
        {text('phone', t`联系电话`, true, 20)}
        {text('workUnit', t`工作单位`)}
        <FormField label={t`证件类型`} required error={problems.idType} htmlFor="guardian-idType">
          <DictSelect id="guardian-idType" typeCode={ID_TYPE_DICT} value={draft.idType} onChange={(idType) => patch({ idType })} invalid={!!problems.idType} testId="guardian-form-idType" />
        </FormField>
        {text('idNumber', t`证件号码`, false, 30)}
        <FormField label={t`紧急联系顺序`} error={problems.emergencyOrder} htmlFor="guardian-emergencyOrder">
          <OrderSelect value={draft.emergencyOrder} onChange={(emergencyOrder) => patch({ emergencyOrder })} invalid={!!problems.emergencyOrder} />
        </FormField>
        <SingleCheckbox id="guardian-livesWith" checked={draft.livesWith} onChange={(livesWith) => patch({ livesWith })} label={t`与学生同住`} />
      </Stack>
    </FormShell>
  );
}

function LinkForm({ studentId, linked, nextOrder, onClose, onSaved }: { studentId: string; linked: ReadonlySet<string>; nextOrder: number | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t, i18n } = useLingui();
  const [key, setKey] = useState('');
  const [found, setFound] = useState<GuardianFound[] | null>(null);
  const [chosen, setChosen] = useState<GuardianFound | null>(null);
  const [relation, setRelation] = useState('');
  const [livesWith, setLivesWith] = useState(true);
  const [order, setOrder] = useState<number | null>(nextOrder);
  const [problems, setProblems] = useState<Problems>({});
  const [message, setMessage] = useState('');
  const search = async () => {
    const text = key.trim();
    try {
      // an 18-character resident number or any other document's letters: an ID number; else a phone
      const rows = /[A-Za-z]/.test(text) || text.length >= 15 ? await findGuardians('', text) : await findGuardians(text, '');
      setFound(rows.filter((row) => !linked.has(row.parentId)));
      setMessage('');
    } catch (error) {
      if (error instanceof HttpError) setMessage(error.msg);
    }
  };
  const save = async () => {
    const issues = guardianIssues({ ...blank(order), name: '-', phone: '0000000', relation });
    if (!chosen || issues.length > 0) {
      const found: Problems = {};
      for (const issue of issues) found[issue.field as keyof GuardianFields] ??= localText(issue.message, i18n.locale);
      setProblems(found);
      setMessage(chosen ? '' : t`请先查找并选择监护人`);
      throw new Error('invalid');
    }
    try {
      await linkGuardian({ studentId, parentId: chosen.parentId, relation, livesWith, emergencyOrder: order });
      notify.success(t`关联成功`);
      await onSaved();
    } catch (error) {
      const refused = problemsOf(error);
      setProblems(refused.problems);
      setMessage(refused.message);
      throw error;
    }
  };
  return (
    <FormShell open variant="dialog" title={t`关联已有监护人`} onCancel={onClose} onSave={save} error={message || undefined} saveLabel={<Trans>关联</Trans>}>
      <Stack gap="3" data-testid="guardian-link-form">
        <FormField label={t`联系电话或证件号码`} htmlFor="guardian-find">
          <HStack gap="2">
            <Input
              id="guardian-find"
              value={key}
              maxLength={30}
              onChange={(event) => setKey(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void search();
                }
              }}
              data-testid="guardian-find-key"
            />
            <Button variant="outline" minH="11" onClick={() => void search()} data-testid="guardian-find">
              <Trans>查找</Trans>
            </Button>
          </HStack>
        </FormField>
        {found !== null &&
          (found.length === 0 ? (
            <Text color="fg.muted" data-testid="guardian-found-none">
              <Trans>没有找到可关联的监护人</Trans>
            </Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" aria-label={t`查找结果`}>
              {found.map((row) => (
                <Box as="li" key={row.parentId}>
                  <SingleCheckbox
                    id={`guardian-found-${row.parentId}`}
                    checked={chosen?.parentId === row.parentId}
                    onChange={(checked) => setChosen(checked ? row : null)}
                    label={`${row.name} ${row.phone} ${row.idNumber}${row.children.length > 0 ? ` · ${t`监护 ${row.children.join('、')}`}` : ''}`}
                  />
                </Box>
              ))}
            </Stack>
          ))}
        <FormField label={t`与学生关系`} required error={problems.relation} htmlFor="guardian-link-relation">
          <DictSelect id="guardian-link-relation" typeCode={FAMILY_RELATION_DICT} value={relation} onChange={setRelation} invalid={!!problems.relation} testId="guardian-link-relation" />
        </FormField>
        <FormField label={t`紧急联系顺序`} error={problems.emergencyOrder} htmlFor="guardian-emergencyOrder">
          <OrderSelect value={order} onChange={setOrder} invalid={!!problems.emergencyOrder} />
        </FormField>
        <SingleCheckbox id="guardian-link-livesWith" checked={livesWith} onChange={setLivesWith} label={t`与学生同住`} />
      </Stack>
    </FormShell>
  );
}
