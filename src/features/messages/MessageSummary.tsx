import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { MessageRow } from '../../../contracts/messages';
import type { DictItem } from '../../../contracts/dicts';
import { dictLabel } from '../../lib/dicts';
import { formatMessageTime, messageTitle } from './format';

export interface MessageSummaryProps {
  row: MessageRow;
  /** the message-type dictionary (its entries name the type) */
  types: DictItem[] | undefined;
  /** title lines before it is cut (1: one truncated line) */
  titleLines?: number;
  gap?: string;
  titleWeight?: 'medium' | 'normal';
}

/** A message in a short list (bell, dashboard card): its title, then "type · time". */
export function MessageSummary({ row, types, titleLines = 1, gap = '0', titleWeight = 'normal' }: MessageSummaryProps) {
  const { i18n } = useLingui();
  return (
    <Stack gap={gap} w="full" minW="0">
      <Text fontWeight={titleWeight} {...(titleLines > 1 ? { lineClamp: titleLines } : { truncate: true })} data-user-text>
        {messageTitle(row, i18n.locale)}
      </Text>
      <Text fontSize="xs" color="fg.muted" fontWeight="normal">
        {dictLabel(types, row.MESSAGE_TYPE, i18n.locale)} · {formatMessageTime(row.CREATE_TIME, i18n.locale)}
      </Text>
    </Stack>
  );
}
