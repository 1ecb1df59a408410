import { Box, Button, CloseButton, Dialog, Flex, Heading, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { GRADUATION_PRINT_MAX } from '../../../contracts/graduation-rules';
import type { GraduateRow } from '../../../contracts/graduations';
import { RequestError } from '../../components/RequestError';
import { useLocalName } from '../../lib/local-name';
import { printQuery } from './api';
import type { GraduationSearchParams } from './search';

/** On paper only the list shows: the app, the dialog's frame and its buttons are hidden. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .graduate-print, .graduate-print * { visibility: visible !important; }
  .graduate-print { position: absolute !important; top: 0; left: 0; width: 100%; }
  .graduate-print-actions { display: none !important; }
  .graduate-print-class { break-inside: avoid-page; }
}`;

/**
 * 打印毕业生名单: the search's graduates by class (every one up to GRADUATION_PRINT_MAX, not a page;
 * beyond it the view says how many were left out), shown first and printed with the browser's
 * print (window.print) — no print library.
 */
export default function PrintView({ search, onClose }: { search: GraduationSearchParams; onClose: () => void }) {
  const { t } = useLingui();
  const localName = useLocalName();
  const query = useQuery(printQuery(search));
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  const classes = new Map<string, GraduateRow[]>();
  for (const row of rows) classes.set(row.classId, [...(classes.get(row.classId) ?? []), row]);
  const year = rows[0]?.graduationYear;
  const gender = (code: string) => (code === '1' ? t`男` : code === '2' ? t`女` : '');
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="full" scrollBehavior="inside">
      <Portal>
        <style>{PRINT_CSS}</style>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="graduate-print">
            <Dialog.Header className="graduate-print-actions">
              <Flex gap="3" align="center" wrap="wrap" flex="1">
                <Dialog.Title flex="1">
                  <Trans>打印毕业生名单</Trans>
                </Dialog.Title>
                <Button colorPalette="brand" minH="11" disabled={rows.length === 0} onClick={() => window.print()} data-testid="graduate-print-go">
                  <Trans>打印</Trans>
                </Button>
              </Flex>
            </Dialog.Header>
            <Dialog.Body>
              {query.isError ? (
                <RequestError error={query.error} />
              ) : (
                <Stack gap="6" className="graduate-print">
                  <Heading as="h2" size="lg" textAlign="center">
                    {year ? <Trans>{year} 届毕业生名单</Trans> : <Trans>毕业生名单</Trans>}
                  </Heading>
                  {query.isSuccess && rows.length === 0 && <Text color="fg.muted">{t`暂无毕业生`}</Text>}
                  {total > rows.length && (
                    <Text color="fg.warning" fontWeight="medium" className="graduate-print-actions" role="status" data-testid="graduate-print-cut">
                      <Trans>
                        共找到 {total} 名毕业生，此处只列出前 {GRADUATION_PRINT_MAX} 名。请按班级筛选后分别打印。
                      </Trans>
                    </Text>
                  )}
                  {[...classes.values()].map((group) => (
                    <Box key={group[0]!.classId} className="graduate-print-class" data-testid="graduate-print-class">
                      <Heading as="h3" size="md" mb="2">
                        {localName(group[0]!.className, group[0]!.classNameEn)}
                        <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="2">
                          <Trans>共 {group.length} 人</Trans>
                        </Text>
                      </Heading>
                      <Table.Root size="sm" variant="outline">
                        <Table.Header>
                          <Table.Row>
                            <Table.ColumnHeader>{t`序号`}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t`学号`}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t`姓名`}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t`性别`}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t`毕业日期`}</Table.ColumnHeader>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {group.map((row, index) => (
                            <Table.Row key={row.id} data-testid="graduate-print-row">
                              <Table.Cell>{index + 1}</Table.Cell>
                              <Table.Cell>{row.studentNo}</Table.Cell>
                              <Table.Cell>{row.name}</Table.Cell>
                              <Table.Cell>{gender(row.gender)}</Table.Cell>
                              <Table.Cell>{row.graduatedOn}</Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </Box>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild className="graduate-print-actions">
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
