import { Badge, Box, Button, chakra, CloseButton, Dialog, Field, Flex, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { BankQuestionRow } from '../../../../contracts/surveys';
import { QUESTION_KINDS, type QuestionKind, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { SelectCheckbox } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { TablePager } from '../../../components/TablePager';
import { KIND_LABELS } from '../labels';
import { bankListInput } from '../manage-api';

export interface BankPickerDialogProps {
  onClose: () => void;
  /** the picked questions as the bank holds them (the editor copies them with new ids) */
  onInsert: (questions: SurveyQuestion[]) => void;
  /** how many more questions the questionnaire takes */
  room: number;
}

/** 从题库插入: the bank's questions (search by keyword, kind filter), ticked ones inserted at the end. */
export default function BankPickerDialog({ onClose, onInsert, room }: BankPickerDialogProps) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<{ keyword: string; kind: QuestionKind | ''; page: number }>({ keyword: '', kind: '', page: 0 });
  const table = useTableQuery<BankQuestionRow>(bankListInput({ keyword: search.keyword || undefined, kind: search.kind || undefined, page: search.page, size: 10 }));
  const [picked, setPicked] = useState<Map<string, SurveyQuestion>>(new Map());
  const toggle = (row: BankQuestionRow, on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      if (on) next.set(row.id, row.question);
      else next.delete(row.id);
      return next;
    });
  const tooMany = picked.size > room;
  const count = picked.size;
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'lg' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="bank-picker">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>从题库插入</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <chakra.form
                  display="flex"
                  gap="2"
                  flexWrap="wrap"
                  alignItems="flex-end"
                  onSubmit={(event) => {
                    event.preventDefault();
                    setSearch({ ...search, keyword: typed.trim(), page: 0 });
                  }}
                >
                  <Field.Root flex="1" minW="40">
                    <Field.Label fontSize="sm">
                      <Trans>关键字</Trans>
                    </Field.Label>
                    <Input size="sm" value={typed} maxLength={50} placeholder={t`请输入`} onChange={(event) => setTyped(event.currentTarget.value)} data-testid="bank-picker-keyword" />
                  </Field.Root>
                  <Field.Root width="40">
                    <Field.Label fontSize="sm">
                      <Trans>题型</Trans>
                    </Field.Label>
                    <ChoiceSelect
                      value={search.kind}
                      onChange={(kind) => setSearch({ ...search, kind: kind as QuestionKind | '', page: 0 })}
                      placeholder={t`全部`}
                      choices={QUESTION_KINDS.map((kind) => ({ value: kind, label: i18n._(KIND_LABELS[kind]) }))}
                    />
                  </Field.Root>
                  <Button size="sm" type="submit" colorPalette="brand">
                    <Trans>搜索</Trans>
                  </Button>
                </chakra.form>
                {table.loading ? (
                  <Text color="fg.muted">
                    <Trans>加载中…</Trans>
                  </Text>
                ) : table.rows.length === 0 ? (
                  <Text color="fg.muted" data-testid="bank-picker-empty">
                    <Trans>题库中没有符合条件的题目</Trans>
                  </Text>
                ) : (
                  <Stack gap="2">
                    {table.rows.map((row) => (
                      <chakra.label key={row.id} display="flex" gap="3" alignItems="flex-start" borderWidth="1px" borderRadius="l2" p="3" cursor="pointer" data-testid="bank-picker-row">
                        <SelectCheckbox mt="0.5" checked={picked.has(row.id)} onChange={(event) => toggle(row, event.currentTarget.checked)} data-testid="bank-picker-select" />
                        <Box flex="1">
                          <Text fontWeight="medium">{row.question.title}</Text>
                          <HStack gap="2" mt="1" wrap="wrap">
                            <Badge variant="subtle" colorPalette="brand">
                              {i18n._(KIND_LABELS[row.question.kind])}
                            </Badge>
                            {row.category && <Badge variant="outline">{row.category}</Badge>}
                            {row.question.options.length > 0 && (
                              <Text fontSize="xs" color="fg.muted" lineClamp={1}>
                                {row.question.options.map((option) => option.label).join(' / ')}
                              </Text>
                            )}
                          </HStack>
                        </Box>
                      </chakra.label>
                    ))}
                  </Stack>
                )}
                <TablePager page={search.page} size={10} sizes={[10]} total={table.total} onChange={(page) => setSearch({ ...search, page })} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Flex gap="2" align="center" width="full" wrap="wrap">
                <Text fontSize="sm" color={tooMany ? 'fg.error' : 'fg.muted'} flex="1">
                  {tooMany ? <Trans>最多还能插入 {room} 道题</Trans> : <Trans>已选 {count} 道题</Trans>}
                </Text>
                <Button variant="outline" onClick={onClose}>
                  <Trans>取消</Trans>
                </Button>
                <Button colorPalette="brand" disabled={count === 0 || tooMany} onClick={() => onInsert([...picked.values()])} data-testid="bank-picker-insert">
                  <Trans>插入</Trans>
                </Button>
              </Flex>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
