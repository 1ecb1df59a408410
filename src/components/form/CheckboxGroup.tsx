import { chakra, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ChoiceOption {
  label: ReactNode;
  value: string;
  disabled?: boolean;
}

export interface CheckboxGroupProps {
  options: readonly ChoiceOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  name?: string;
  disabled?: boolean;
  /** most boxes that may be ticked (0 = no limit): the others are disabled once reached */
  max?: number;
  'aria-label'?: string;
}

const Box = chakra('input');

/** Native checkboxes (light, accessible), touch-sized; the value keeps the options' order. */
export function CheckboxGroup({ options, value, onChange, name, disabled, max = 0, ...rest }: CheckboxGroupProps) {
  const chosen = new Set(value);
  const full = max > 0 && chosen.size >= max;
  return (
    <Flex role="group" aria-label={rest['aria-label']} wrap="wrap" gap="3" minH="10" align="center">
      {options.map((option) => {
        const checked = chosen.has(option.value);
        return (
          <chakra.label key={option.value} display="inline-flex" alignItems="center" gap="2" minH="10" cursor="pointer">
            <Box
              type="checkbox"
              name={name}
              value={option.value}
              checked={checked}
              disabled={disabled || option.disabled || (full && !checked)}
              width="5"
              height="5"
              css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(option.value);
                else next.delete(option.value);
                onChange(options.map((o) => o.value).filter((v) => next.has(v)));
              }}
            />
            {option.label}
          </chakra.label>
        );
      })}
    </Flex>
  );
}
