// A route's name in 用户日志 (zh / en, change or read): declared on the route, or derived from the
// one named menu button that guards it (重置密码). Kit routes declare theirs from the definition's noun.
import { BUTTON_NAMES, MENU_CATALOGUE } from '../../contracts/menus';
import { type AnyRoute, type RouteOperation, changes } from './route-spec';

/** The key of a route in the log: its method and declared url, e.g. "POST /api/users/reset-password". */
export const operationKeyOf = (route: Pick<AnyRoute, 'method' | 'url'>): string => `${route.method} ${route.url}`;

const GENERIC_BUTTON_NAMES = new Set(Object.values(BUTTON_NAMES).map(([zh]) => zh));

/** Buttons whose own name says what they do (not 新增 / 编辑 …, which need their screen's noun). */
const namedButtons = new Map(
  MENU_CATALOGUE.flatMap((directory) =>
    directory.children.flatMap((menu) =>
      (menu.buttons ?? []).filter((button) => !GENERIC_BUTTON_NAMES.has(button.menuname)).map((button) => [button.code, changes(button.menuname, button.menuNameEng)] as const),
    ),
  ),
);

/** The route's operation: declared, else the name of the one named button its access asks for; undefined when neither. */
export function operationOf(route: AnyRoute): RouteOperation | undefined {
  if (route.operation) return route.operation;
  if (typeof route.access === 'string') return undefined;
  const codes = 'anyOf' in route.access ? route.access.anyOf : route.access.allOf;
  return codes.length === 1 ? namedButtons.get(codes[0]!) : undefined;
}

/** The names of a stored operation key ("METHOD url", or "METHOD url#variant"), from the routes given; undefined when none names it. */
export function namesOfKey(routes: ReadonlyMap<string, AnyRoute>, key: string): { zh: string; en: string; kind: RouteOperation['kind'] } | undefined {
  const [base, variant] = key.split('#') as [string, string | undefined];
  const route = routes.get(base);
  const operation = route && operationOf(route);
  if (!operation) return undefined;
  const named = variant ? operation.variants?.[variant] : undefined;
  return { zh: named?.zh ?? operation.zh, en: named?.en ?? operation.en, kind: operation.kind };
}

/** Every name a key may carry (the operation and its variants), for searching by name. */
export function keysNamed(routes: readonly AnyRoute[], text: string): string[] {
  const wanted = text.trim().toLowerCase();
  const keys: string[] = [];
  for (const route of routes) {
    const operation = operationOf(route);
    if (!operation) continue;
    const key = operationKeyOf(route);
    const matches = (names: { zh: string; en: string }) => names.zh.toLowerCase().includes(wanted) || names.en.toLowerCase().includes(wanted);
    if (matches(operation)) keys.push(key);
    for (const [variant, names] of Object.entries(operation.variants ?? {})) if (matches(names) || matches(operation)) keys.push(`${key}#${variant}`);
  }
  return keys;
}
