import { Button, chakra, Flex, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';

/** Light field controls for the form wrapper: native inputs (touch-friendly, accessible, no date library). */

const NativeInput = chakra('input');
const accent = { accentColor: 'var(--chakra-colors-brand-solid)' };

export interface Choice {
  label: ReactNode;
  value: string;
  disabled?: boolean;
}

export function RadioChoices({ name, choices, value, onChange, disabled, buttons }: { name: string; choices: readonly Choice[]; value: string; onChange: (value: string) => void; disabled?: boolean; buttons?: boolean }) {
  if (buttons) {
    return (
      <HStack role="radiogroup" gap="0" wrap="wrap">
        {choices.map((choice) => (
          <Button
            key={choice.value}
            role="radio"
            aria-checked={value === choice.value}
            size="sm"
            minH="10"
            variant={value === choice.value ? 'solid' : 'outline'}
            colorPalette="brand"
            borderRadius="0"
            disabled={disabled || choice.disabled}
            onClick={() => onChange(choice.value)}
          >
            {choice.label}
          </Button>
        ))}
      </HStack>
    );
  }
  return (
    <Flex role="radiogroup" wrap="wrap" gap="3" minH="10" align="center">
      {choices.map((choice) => (
        <chakra.label key={choice.value} display="inline-flex" alignItems="center" gap="2" minH="10" cursor="pointer">
          <NativeInput type="radio" name={name} value={choice.value} checked={value === choice.value} disabled={disabled || choice.disabled} width="5" height="5" css={accent} onChange={() => onChange(choice.value)} />
          {choice.label}
        </chakra.label>
      ))}
    </Flex>
  );
}

export function SingleCheckbox({ id, checked, onChange, disabled, label }: { id: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; label?: ReactNode }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" minH="10" cursor="pointer">
      <NativeInput id={id} type="checkbox" checked={checked} disabled={disabled} width="5" height="5" css={accent} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </chakra.label>
  );
}

/** A switch: a checkbox with the switch role, styled as a track and thumb. */
export function Switch({ id, checked, onChange, disabled }: { id: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return (
    <chakra.button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      position="relative"
      width="11"
      height="6"
      my="2"
      borderRadius="full"
      bg={checked ? 'brand.solid' : 'gray.300'}
      transition="background 0.2s"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.5 : 1}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <chakra.span position="absolute" top="1" left={checked ? '6' : '1'} width="4" height="4" borderRadius="full" bg="white" transition="left 0.2s" />
    </chakra.button>
  );
}

export function Select({ id, choices, value, onChange, disabled, placeholder, invalid }: { id: string; choices: readonly Choice[]; value: string; onChange: (value: string) => void; disabled?: boolean; placeholder?: string; invalid?: boolean }) {
  return (
    <NativeSelect.Root disabled={disabled} invalid={invalid}>
      <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder ?? t`请选择`}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={choice.disabled}>
            {typeof choice.label === 'string' || typeof choice.label === 'number' ? choice.label : choice.value}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export interface CascaderNode {
  label: string;
  value: string;
  children?: CascaderNode[];
}

/** Level-by-level selects; the value is the path of chosen values. */
export function Cascader({ id, options, value, onChange, disabled, invalid }: { id: string; options: readonly CascaderNode[]; value: readonly string[]; onChange: (value: string[]) => void; disabled?: boolean; invalid?: boolean }) {
  const levels: (readonly CascaderNode[])[] = [options];
  for (const chosen of value) {
    const node = levels[levels.length - 1].find((n) => n.value === chosen);
    if (!node?.children?.length) break;
    levels.push(node.children);
  }
  return (
    <Flex gap="2" wrap="wrap" width="full">
      {levels.map((level, depth) => (
        <chakra.div key={depth} flex="1" minW="32">
          <Select
            id={depth === 0 ? id : `${id}-${depth}`}
            choices={level.map((n) => ({ label: n.label, value: n.value }))}
            value={value[depth] ?? ''}
            disabled={disabled}
            invalid={invalid}
            onChange={(next) => onChange(next ? [...value.slice(0, depth), next] : value.slice(0, depth))}
          />
        </chakra.div>
      ))}
    </Flex>
  );
}

/** Times from start to end every interval (hh:mm), as a time-select offers them. */
/** Defaults as the usual time-select: 09:00 to 18:00 every 30 minutes. */
export function timeSlots(start = '09:00', end = '18:00', interval = '00:30'): string[] {
  const minutes = (text: string) => {
    const [h, m] = text.split(':').map(Number);
    return h * 60 + m;
  };
  const step = Math.max(1, minutes(interval));
  const slots: string[] = [];
  for (let at = minutes(start); at <= minutes(end); at += step) {
    slots.push(`${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`);
  }
  return slots;
}

export function Rate({ id, value, onChange, max = 5, disabled }: { id: string; value: number; onChange: (value: number) => void; max?: number; disabled?: boolean }) {
  return (
    <HStack id={id} role="radiogroup" gap="0">
      {Array.from({ length: max }, (_, index) => index + 1).map((score) => (
        <chakra.button
          key={score}
          type="button"
          role="radio"
          aria-checked={value === score}
          aria-label={t`${score} 分`}
          disabled={disabled}
          onClick={() => onChange(value === score ? 0 : score)}
          fontSize="2xl"
          minW="10"
          minH="10"
          color={score <= value ? 'orange.400' : 'gray.300'}
          cursor={disabled ? 'not-allowed' : 'pointer'}
        >
          ★
        </chakra.button>
      ))}
    </HStack>
  );
}

export function Slider({ id, value, onChange, min = 0, max = 100, step = 1, disabled }: { id: string; value: number; onChange: (value: number) => void; min?: number; max?: number; step?: number; disabled?: boolean }) {
  return (
    <HStack width="full" gap="3">
      <NativeInput id={id} type="range" min={min} max={max} step={step} value={value} disabled={disabled} flex="1" minH="10" css={accent} onChange={(event) => onChange(Number(event.target.value))} />
      <Text minW="10" textAlign="end">
        {value}
      </Text>
    </HStack>
  );
}

export function ColorPicker({ id, value, onChange, disabled }: { id: string; value: string; onChange: (value: string) => void; disabled?: boolean }) {
  return (
    <HStack>
      <NativeInput id={id} type="color" value={value || '#000000'} disabled={disabled} width="12" height="10" p="0" border="none" bg="transparent" onChange={(event) => onChange(event.target.value)} />
      <Input value={value} disabled={disabled} maxW="32" aria-label={t`颜色值`} onChange={(event) => onChange(event.target.value)} />
    </HStack>
  );
}
