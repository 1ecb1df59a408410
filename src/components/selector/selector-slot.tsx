import type { SlotProps } from '../form/SchemaForm';
import { PeopleOrgRoleSelector, type PeopleOrgRoleSelectorProps } from './PeopleOrgRoleSelector';

/**
 * Fills a SchemaForm `org-select` field with the people / org / role selector, e.g.
 * `<SchemaForm renderOrgSelect={selectorSlot({ types: ['org'] })} … />`. The field's value is the
 * selector's comma-separated code list.
 */
export function selectorSlot(options: Omit<PeopleOrgRoleSelectorProps, 'value' | 'onChange'> = {}) {
  return function SelectorSlot({ id, value, onChange, disabled }: SlotProps) {
    return <PeopleOrgRoleSelector {...options} id={id} value={typeof value === 'string' ? value : ''} onChange={(next) => onChange(next)} disabled={disabled || options.disabled} />;
  };
}
