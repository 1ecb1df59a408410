import type { ApplicationKind } from '../../../../contracts/application-rules';
import { STAFF_KIND_DEFINITIONS } from './staff';
import { STUDENT_KIND_DEFINITIONS } from './student';
import type { KindDefinition } from './types';

/** Every kind's definition (student kinds from kinds/student.tsx, staff kinds from kinds/staff.tsx). */
export const KIND_DEFINITIONS: readonly KindDefinition[] = [...STUDENT_KIND_DEFINITIONS, ...STAFF_KIND_DEFINITIONS];

const byKind = new Map<ApplicationKind, KindDefinition>(KIND_DEFINITIONS.map((definition) => [definition.kind, definition]));

/** The definition of a kind; a bare one (common fields only) for a kind nobody defined yet. */
export function kindDefinition(kind: ApplicationKind): KindDefinition {
  return (
    byKind.get(kind) ?? {
      kind,
      label: { id: kind, message: kind },
      formTitle: { id: kind, message: kind },
      hasLeaveType: false,
      hasTimeRange: true,
      hasAttachments: false,
      emptyDetails: () => ({}),
    }
  );
}
