import { Flex } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AREA_MAX_LEVEL, type AreaNode } from '../../../contracts/selector';
import { ChoiceSelect } from './ChoiceSelect';
import { areaLevelQuery, areaPathQuery, SELECTOR_URLS } from './selector-api';

export interface AreaCascaderProps {
  /** the chosen area's code (the deepest level chosen) */
  value: string;
  onChange: (code: string, path: string[]) => void;
  disabled?: boolean;
  /** deepest level offered (1 province, 2 city, 3 district) */
  levels?: number;
  urls?: { areas?: string; areaList?: string };
}

const LEVEL_LABELS = [() => t`省`, () => t`市`, () => t`区县`];

function AreaLevel({ level, parentCode, value, onChange, disabled, url }: { level: number; parentCode: string; value: string; onChange: (node: AreaNode | undefined) => void; disabled?: boolean; url: string }) {
  const nodes = useQuery(areaLevelQuery(level, parentCode, url));
  return (
    <ChoiceSelect
      aria-label={LEVEL_LABELS[level - 1]?.() ?? String(level)}
      value={value}
      disabled={disabled}
      loading={nodes.isLoading}
      choices={(nodes.data ?? []).map((node) => ({ value: node.CODE, label: node.NAME }))}
      onChange={(code) => onChange(nodes.data?.find((node) => node.CODE === code))}
    />
  );
}

/**
 * Province / city / district, each level loaded when its parent is chosen (/components/getAreaData);
 * an existing value is expanded to its path with /components/getAreaList (leaf first).
 */
export function AreaCascader({ value, onChange, disabled, levels = AREA_MAX_LEVEL, urls }: AreaCascaderProps) {
  const areasUrl = urls?.areas ?? SELECTOR_URLS.areas;
  const [path, setPath] = useState<string[]>([]);
  const [leafHasChildren, setLeafHasChildren] = useState(true);
  const known = path.at(-1) ?? '';
  const existing = useQuery({ ...areaPathQuery(value, urls?.areaList ?? SELECTOR_URLS.areaList), enabled: Boolean(value) && value !== known });

  useEffect(() => {
    if (!value) {
      setPath([]);
      setLeafHasChildren(true);
    } else if (existing.data !== undefined && value !== known) {
      setPath(existing.data.split(',').filter(Boolean).reverse());
      setLeafHasChildren(true);
    }
  }, [value, existing.data, known]);

  const choose = (depth: number, node: AreaNode | undefined) => {
    const next = node ? [...path.slice(0, depth), node.CODE] : path.slice(0, depth);
    setPath(next);
    setLeafHasChildren(node ? node.CHILD === '1' : true);
    onChange(next.at(-1) ?? '', next);
  };

  const shown = Math.min(levels, path.length + (leafHasChildren ? 1 : 0));
  return (
    <Flex gap="2" wrap="wrap" width="full">
      {Array.from({ length: Math.max(1, shown) }, (_, depth) => (
        <Flex key={depth} flex="1" minW="28">
          <AreaLevel level={depth + 1} parentCode={depth === 0 ? '' : path[depth - 1]} value={path[depth] ?? ''} onChange={(node) => choose(depth, node)} disabled={disabled} url={areasUrl} />
        </Flex>
      ))}
    </Flex>
  );
}
