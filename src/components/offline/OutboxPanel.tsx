import { Badge, Box, Button, CloseButton, Drawer, Flex, Grid, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { saveBlob } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { localOfMs } from '../../lib/school-time';
import { notify } from '../../lib/notify';
import {
  discardEntry,
  exportUnsent,
  keepMine,
  outboxKind,
  retryEntry,
  takeServers,
  useOutboxEntries,
  useQueueHeld,
  type OutboxEntry,
} from '../../lib/offline/outbox';
import { storageUsage, type StorageUsage } from '../../lib/offline/storage';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConnectivity } from './useConnectivity';
import { formatBytes } from '../../lib/bytes';

function describeEntry(entry: OutboxEntry): string {
  try {
    return outboxKind(entry.kind)?.describe(entry.payload) || entry.kind;
  } catch {
    return entry.kind;
  }
}

/**
 * The outbox panel (OFFLINE.md §7): queued, conflicting and failed writes with retry, discard (asks
 * first), keep mine / take the server's for conflicts, export of everything unsent as a JSON file,
 * and the device storage in use.
 */
export function OutboxPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const entries = useOutboxEntries();
  const held = useQueueHeld();
  const state = useConnectivity();
  const [usage, setUsage] = useState<StorageUsage | null>(null);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);

  useEffect(() => {
    if (open) void storageUsage().then(setUsage);
  }, [open, entries.length]);

  const queued = entries.filter((entry) => entry.state === 'pending' || entry.state === 'sending');
  const conflicts = entries.filter((entry) => entry.state === 'conflict');
  const failed = entries.filter((entry) => entry.state === 'failed');

  const exportAll = async () => {
    const blob = await exportUnsent();
    const stamp = localOfMs(Date.now()).replace(/[-:T]/g, '');
    saveBlob(blob, `xiaowu-unsent-${stamp}.json`);
  };

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      // Discarding removes the row whose button had the focus: focus falling back to the page must not close the panel.
      onFocusOutside={(event) => event.preventDefault()}
      placement="end"
      size="md"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="outbox-panel">
            <Drawer.Header>
              <Drawer.Title>
                <Trans>待发送的修改</Trans>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                <Text fontSize="sm" color="fg.muted">
                  {state === 'online' ? (
                    <Trans>在线：修改会自动发送。</Trans>
                  ) : state === 'unreachable' ? (
                    <Trans>无法连接服务器：修改保存在本设备上，服务器恢复后自动发送。</Trans>
                  ) : (
                    <Trans>离线：修改保存在本设备上，恢复网络后自动发送。</Trans>
                  )}
                </Text>
                {held && (
                  <Box borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="l2" p="3" fontSize="sm" data-testid="outbox-held">
                    <Trans>登录已过期：修改都保留着，重新登录后继续发送。</Trans>
                  </Box>
                )}
                {entries.length === 0 && (
                  <Text color="fg.muted" data-testid="outbox-empty">
                    <Trans>没有待发送的修改</Trans>
                  </Text>
                )}
                {conflicts.length > 0 && (
                  <Section title={t`冲突（${conflicts.length}）`}>
                    {conflicts.map((entry) => (
                      <ConflictRow key={entry.opId} entry={entry} onDiscard={() => setDiscarding(entry)} />
                    ))}
                  </Section>
                )}
                {failed.length > 0 && (
                  <Section title={t`发送失败（${failed.length}）`}>
                    {failed.map((entry) => (
                      <EntryRow key={entry.opId} entry={entry} onDiscard={() => setDiscarding(entry)} />
                    ))}
                  </Section>
                )}
                {queued.length > 0 && (
                  <Section title={t`排队中（${queued.length}）`}>
                    {queued.map((entry) => (
                      <EntryRow key={entry.opId} entry={entry} onDiscard={() => setDiscarding(entry)} />
                    ))}
                  </Section>
                )}
                {usage && (
                  <Text fontSize="xs" color="fg.muted" data-testid="storage-usage">
                    {usage.persisted ? (
                      <Trans>
                        本设备存储：已用 {formatBytes(usage.usage)}，共 {formatBytes(usage.quota)}（持久保存）
                      </Trans>
                    ) : (
                      <Trans>
                        本设备存储：已用 {formatBytes(usage.usage)}，共 {formatBytes(usage.quota)}
                      </Trans>
                    )}
                  </Text>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <Button variant="outline" disabled={entries.length === 0} onClick={() => void exportAll()}>
                <Trans>导出未发送的修改</Trans>
              </Button>
              <Button colorPalette="brand" onClick={onClose}>
                <Trans>关闭</Trans>
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
            {/* inside the drawer's content: a nested layer, so confirming does not count as a click outside the drawer */}
            <ConfirmDialog
              open={discarding !== null}
              title={<Trans>提示</Trans>}
              onCancel={() => {
                setDiscarding(null);
                notify.info(t`已取消丢弃操作`);
              }}
              onConfirm={() => {
                const entry = discarding;
                setDiscarding(null);
                if (entry) void discardEntry(entry.opId);
              }}
            >
              <Trans>此操作将永久丢弃这条未发送的修改, 是否继续?</Trans>
              {discarding && (
                <Text mt="2" fontSize="sm" color="fg.muted">
                  {describeEntry(discarding)}
                </Text>
              )}
            </ConfirmDialog>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Text fontWeight="semibold" fontSize="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function StateBadge({ entry }: { entry: OutboxEntry }) {
  switch (entry.state) {
    case 'sending':
      return (
        <Badge colorPalette="blue">
          <Trans>发送中</Trans>
        </Badge>
      );
    case 'conflict':
      return (
        <Badge colorPalette="orange">
          <Trans>冲突</Trans>
        </Badge>
      );
    case 'failed':
      return (
        <Badge colorPalette="red">
          <Trans>失败</Trans>
        </Badge>
      );
    default:
      return (
        <Badge>
          <Trans>排队中</Trans>
        </Badge>
      );
  }
}

function EntryHead({ entry }: { entry: OutboxEntry }) {
  return (
    <>
      <Flex gap="2" align="start">
        <Text flex="1" minW="0" fontSize="sm" fontWeight="medium" data-testid="outbox-entry-title">
          {describeEntry(entry)}
        </Text>
        <StateBadge entry={entry} />
      </Flex>
      <Text fontSize="xs" color="fg.muted">
        <Trans>
          {formatDateTime(entry.createdAt)} · 已尝试 {entry.attempts} 次
        </Trans>
      </Text>
      {entry.lastError && (
        <Text fontSize="xs" color={entry.state === 'failed' ? 'fg.error' : 'fg.muted'} data-testid="outbox-entry-error">
          {entry.lastError.msg}
        </Text>
      )}
    </>
  );
}

function EntryRow({ entry, onDiscard }: { entry: OutboxEntry; onDiscard: () => void }) {
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="l2" p="3" data-testid="outbox-entry" data-state={entry.state}>
      <EntryHead entry={entry} />
      <HStack justify="end" gap="2" pt="1">
        <Button size="sm" variant="outline" disabled={entry.state === 'sending'} onClick={() => void retryEntry(entry.opId)}>
          {entry.state === 'failed' ? <Trans>重试</Trans> : <Trans>立即发送</Trans>}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" disabled={entry.state === 'sending'} onClick={onDiscard}>
          <Trans>丢弃</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}

const asText = (value: unknown): string => {
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return String(value);
  }
};

function ConflictRow({ entry, onDiscard }: { entry: OutboxEntry; onDiscard: () => void }) {
  const queryClient = useQueryClient();
  const kind = outboxKind(entry.kind);
  const View = kind?.ConflictView;
  const mayKeepMine = kind?.canKeepMine ? kind.canKeepMine(entry) : true;
  return (
    <Stack gap="2" borderWidth="1px" borderColor="orange.muted" borderRadius="l2" p="3" data-testid="outbox-entry" data-state="conflict">
      <EntryHead entry={entry} />
      <Text fontSize="sm">
        <Trans>服务器上的数据在您修改后已被更改。请选择保留哪一份。</Trans>
      </Text>
      {View ? (
        <View entry={entry} />
      ) : (
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="2">
          <ValueBox title={<Trans>我的修改</Trans>} value={asText(entry.payload)} />
          <ValueBox title={<Trans>服务器上的值</Trans>} value={asText(entry.serverData)} />
        </Grid>
      )}
      <HStack justify="end" gap="2" wrap="wrap">
        {mayKeepMine && (
          <Button size="sm" colorPalette="brand" onClick={() => void keepMine(entry.opId)}>
            <Trans>保留我的</Trans>
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => void takeServers(entry.opId, queryClient)}>
          <Trans>采用服务器的</Trans>
        </Button>
        <Button size="sm" variant="ghost" colorPalette="red" onClick={onDiscard}>
          <Trans>丢弃</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}

function ValueBox({ title, value }: { title: ReactNode; value: string }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted" mb="1">
        {title}
      </Text>
      <Box as="pre" fontSize="xs" bg="bg.muted" borderRadius="l1" p="2" maxH="40" overflow="auto" whiteSpace="pre-wrap" wordBreak="break-all">
        {value}
      </Box>
    </Box>
  );
}
