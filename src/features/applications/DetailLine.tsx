import { Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * One read-only line of the detail drawer: 'label：value'. The separator is in the message
 * ({label}： / {label}: ), so English reads "Applicant: 王小明". The kinds' detail lines use it too.
 */
export function DetailLine({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const { t } = useLingui();
  return (
    <Text fontSize="sm" data-testid={testId}>
      <Text as="span" color="fg.muted">
        {t`${label}：`}
      </Text>
      {children}
    </Text>
  );
}

/** Several lines of a kind's own fields (label, value; '—' when empty). */
export function DetailLines({ entries }: { entries: readonly (readonly [MessageDescriptor, string])[] }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="1">
      {entries.map(([label, value]) => (
        <DetailLine key={label.id} label={i18n._(label)}>
          {value || '—'}
        </DetailLine>
      ))}
    </Stack>
  );
}
