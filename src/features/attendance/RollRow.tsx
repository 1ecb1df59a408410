import { Badge, Box, Button, chakra, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useState, type KeyboardEvent } from 'react';
import type { AttendanceRollEntry } from '../../../contracts/attendance';
import { ATTENDANCE_REMARK_MAX } from '../../../contracts/attendance-constants';
import { formatLeaveSpan } from './leave-format';
import type { Mark } from './roll-state';
import { statusPalette, type StatusOption } from './status';

export interface RollRowProps {
  student: AttendanceRollEntry;
  mark: Mark;
  options: readonly StatusOption[];
  /** stable callbacks (the screen keeps them across taps, so only the tapped row re-renders) */
  onStatus: (studentId: string, status: string) => void;
  onRemark: (studentId: string, remark: string) => void;
  readOnly: boolean;
  locale: string;
}

// A plain button styled once: 40 rows × 5 options stay cheap to render.
const StatusButton = chakra('button', {
  base: {
    // equal shares while the labels fit; longer labels (English, a school's own codes) wrap the
    // buttons onto a second line rather than breaking words
    flex: '1 0 auto',
    minW: '11',
    minH: '11',
    px: '2',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    fontSize: 'sm',
    fontWeight: 'medium',
    lineHeight: '1.1',
    cursor: 'pointer',
    bg: 'bg',
    color: 'fg',
    userSelect: 'none',
    touchAction: 'manipulation',
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
    '&[aria-checked=true]': { bg: 'colorPalette.solid', color: 'colorPalette.contrast', borderColor: 'colorPalette.solid' },
  },
});

/** Arrow keys of a radio group (WAI-ARIA APG): the step they move, wrapping at the ends. */
const ARROW_STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * One student of the roll: name, number, approved leave, the one-tap status buttons, the remark on demand.
 * The statuses are a radio group: one Tab stop per student (the chosen status), the arrow keys move
 * to and choose the next or previous status.
 */
export const RollRow = memo(function RollRow({ student, mark, options, onStatus, onRemark, readOnly, locale }: RollRowProps) {
  const { t } = useLingui();
  const [remarkOpen, setRemarkOpen] = useState(() => mark.remark.length > 0);
  const leave = student.approvedLeave;
  const name = student.studentName;
  const checkedIndex = Math.max(0, options.findIndex((option) => option.code === mark.status));
  const onArrow = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = ARROW_STEPS[event.key];
    if (step === undefined || readOnly) return;
    event.preventDefault();
    const next = (checkedIndex + step + options.length) % options.length;
    onStatus(student.studentId, options[next].code);
    const radios = event.currentTarget.querySelectorAll<HTMLButtonElement>('[role=radio]');
    radios[next]?.focus();
  };
  return (
    <Box
      as="li"
      data-testid="roll-row"
      data-student={student.studentId}
      data-status={mark.status}
      py="2"
      px={{ base: '2', md: '3' }}
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Flex gap={{ base: '1.5', md: '3' }} direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
        <HStack gap="2" flex="1" minW="0" wrap="wrap">
          <Text fontWeight="semibold" fontSize="md" truncate>
            {name}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {student.studentNo}
          </Text>
          {leave ? (
            <Badge colorPalette="blue" variant="subtle" title={leave.reason} data-testid="approved-leave">
              <Trans>请假 {formatLeaveSpan(leave.from, leave.to, locale)}</Trans>
            </Badge>
          ) : null}
          <Button
            size="xs"
            variant="ghost"
            minH="11"
            ms="auto"
            aria-expanded={remarkOpen}
            onClick={() => setRemarkOpen((open) => !open)}
          >
            {mark.remark ? <Trans>备注 ✓</Trans> : <Trans>备注</Trans>}
          </Button>
        </HStack>
        <Flex
          gap="1"
          wrap="wrap"
          role="radiogroup"
          aria-label={t`${name} 的考勤状态`}
          flexShrink={0}
          w={{ base: 'full', md: 'auto' }}
          minW={{ md: '22rem' }}
          onKeyDown={onArrow}
        >
          {options.map((option, index) => (
            <StatusButton
              key={option.code}
              type="button"
              role="radio"
              colorPalette={statusPalette(option.code)}
              aria-checked={mark.status === option.code}
              tabIndex={index === checkedIndex ? 0 : -1}
              disabled={readOnly}
              onClick={() => onStatus(student.studentId, option.code)}
            >
              {option.label}
            </StatusButton>
          ))}
        </Flex>
      </Flex>
      {remarkOpen ? (
        <Stack mt="2">
          <Input
            size="md"
            minH="11"
            value={mark.remark}
            maxLength={ATTENDANCE_REMARK_MAX}
            readOnly={readOnly}
            placeholder={t`备注（选填）`}
            aria-label={t`${name} 的备注`}
            onChange={(event) => onRemark(student.studentId, event.currentTarget.value)}
          />
        </Stack>
      ) : null}
    </Box>
  );
});
