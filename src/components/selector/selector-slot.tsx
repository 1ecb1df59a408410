import type { SlotProps } from '../form/SchemaForm';
import { PeopleOrgRoleSelector, type PeopleOrgRoleSelectorProps } from './PeopleOrgRoleSelector';

/**
 * Fills a SchemaForm `org-select` field with the people / org / role selector, e.g.
 * `<SchemaForm renderOrgSelect={selectorSlot({ types: ['org'] })} … />`. The field's value is the
 * selector's comma-separated code list.
 */
export function selectorSlot(options: Omit<PeopleOrgRoleSelectorProps, 'value' | 'onChange'> = {}) {
  return function SelectorSlot({ id, field, value, onChange, disabled }: SlotProps) {
    // the tag area is not a labelable element, so the field's label names it by aria-label
    const label = typeof field.label === 'string' ? field.label : undefined;
    return <PeopleOrgRoleSelector aria-label={label} {...options} id={id} value={typeof value === 'string' ? value : ''} onChange={(next) => onChange(next)} disabled={disabled || options.disabled} />;
  };
}
