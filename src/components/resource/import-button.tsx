import type { AnyResourceDefinition } from '../../../contracts/resource';

export interface ResourceImportButtonProps {
  definition: AnyResourceDefinition;
  permission: string;
  onImported: () => void;
}

/** 导入 of a kit screen: placeholder until `ResourceImport.tsx` (the import dialog) is in; then it loads it lazily. */
export function ResourceImportButton(_props: ResourceImportButtonProps) {
  return null;
}
