import { Button, CloseButton, Drawer, HStack, Input, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import type { MembersDrawerState } from './useMembersDrawer';

export interface MembersDrawerFrameProps<Row extends { id: string }> {
  members: MembersDrawerState<Row>;
  onClose: () => void;
  title: ReactNode;
  /** above the search: the add form, or why there is none */
  head: ReactNode;
  /** between the search and the table */
  toolbar?: ReactNode;
  columns: DataTableColumn<Row>[];
  /** the ticking column's names, where members may be removed (none: no column) */
  selection?: { allLabel: string; rowLabel: (row: Row) => string; testId: string };
  /** the confirm dialog before removing */
  confirm: { title: ReactNode; body: ReactNode };
  /** the area's strings: the keyword box's placeholder and name, the search button, the close button's name */
  texts: { keyword: string; search: ReactNode; close: string };
  testIds: { drawer: string; keyword: string; table: string; row: string };
}

/**
 * The 成员 drawer of 系统管理 around `useMembersDrawer`: title, the caller's head (add form or notes),
 * the keyword search, an optional toolbar, the member table (with a ticking column where asked) and
 * the confirm dialog of a removal. Texts come from the caller's catalog.
 */
export function MembersDrawerFrame<Row extends { id: string }>({ members, onClose, title, head, toolbar, columns, selection, confirm, texts, testIds }: MembersDrawerFrameProps<Row>) {
  const rows = members.table.rows;
  const shown = selection ? [selectionColumn<Row>({ rows, rowKey: (row) => row.id, selected: members.selected, onChange: members.setSelected, ...selection }), ...columns] : columns;
  return (
    <Drawer.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'lg' }} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid={testIds.drawer}>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="3">
                {head}
                <HStack gap="2">
                  <Input
                    flex="1"
                    value={members.keyword}
                    maxLength={50}
                    placeholder={texts.keyword}
                    aria-label={texts.keyword}
                    onChange={(event) => members.setKeyword(event.currentTarget.value)}
                    onKeyDown={(event) => event.key === 'Enter' && members.search()}
                    data-testid={testIds.keyword}
                  />
                  <Button variant="outline" onClick={members.search}>
                    {texts.search}
                  </Button>
                </HStack>
                {toolbar}
                <DataTable
                  data-testid={testIds.table}
                  columns={shown}
                  rows={rows}
                  total={members.table.total}
                  page={members.page}
                  size={members.size}
                  loading={members.table.loading}
                  refreshing={members.table.refreshing}
                  rowKey={(row) => row.id}
                  rowProps={(row) => ({ 'data-testid': testIds.row, 'data-id': row.id })}
                  onPageChange={members.onPageChange}
                />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={texts.close} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
      <ConfirmDialog open={members.removing !== null} busy={members.busy} title={confirm.title} onCancel={members.cancelRemove} onConfirm={() => void members.confirmRemove()}>
        {confirm.body}
      </ConfirmDialog>
    </Drawer.Root>
  );
}
