import { describe, expect, it } from 'vitest';
import { modules } from '../modules';
import { moduleName } from '../modules/module-names';
import { allRoutes } from '../routes';
import { keysNamed, namesOfKey, operationKeyOf, operationOf } from './route-operation';

const hasChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

describe('用户日志 names every call', () => {
  it('every route of the registry has an operation name in zh and en, and a kind', () => {
    const unnamed = allRoutes.filter((route) => {
      const operation = operationOf(route);
      return !operation || !hasChinese(operation.zh) || !operation.en.trim() || hasChinese(operation.en) || !['change', 'read'].includes(operation.kind);
    });
    expect(unnamed.map(operationKeyOf), 'declare `operation: changes(zh, en)` or `reads(zh, en)` on these routes').toEqual([]);
  });

  it('every variant is named in both languages too', () => {
    for (const route of allRoutes) {
      for (const [variant, names] of Object.entries(operationOf(route)?.variants ?? {})) {
        expect(hasChinese(names.zh) && !hasChinese(names.en) && names.en.length > 0, `${operationKeyOf(route)}#${variant}`).toBe(true);
      }
    }
  });

  it('every module has a name in zh and en (the 模块 filter shows names)', () => {
    const unnamed = Object.entries(modules).filter(([name, entry]) => {
      const label = moduleName(name, entry);
      return !label || !hasChinese(label.zh) || hasChinese(label.en);
    });
    expect(unnamed.map(([name]) => name)).toEqual([]);
  });

  it('derives what is certain: a named button (重置密码), a kit resource (新增校区)', () => {
    const byKey = new Map(allRoutes.map((route) => [operationKeyOf(route), route]));
    expect(namesOfKey(byKey, 'POST /api/users/reset-password')).toEqual({ zh: '重置密码', en: 'Reset password', kind: 'change' });
    expect(namesOfKey(byKey, 'POST /api/campuses/save#add')).toEqual({ zh: '新增校区', en: 'Add campus', kind: 'change' });
    expect(namesOfKey(byKey, 'POST /api/campuses/save#edit')).toMatchObject({ zh: '编辑校区', en: 'Edit campus' });
    expect(namesOfKey(byKey, 'POST /api/campuses/list')?.kind).toBe('read');
    expect(namesOfKey(byKey, 'POST /api/nowhere')).toBeUndefined();
  });

  it('finds the keys of a name in either language, a variant by its own name', () => {
    expect(keysNamed(allRoutes, '重置密码')).toEqual(['POST /api/users/reset-password']);
    expect(keysNamed(allRoutes, 'reset PASSWORD')).toEqual(['POST /api/users/reset-password']);
    expect(keysNamed(allRoutes, '新增校区')).toEqual(['POST /api/campuses/save#add']);
    expect(keysNamed(allRoutes, '保存校区')).toEqual(['POST /api/campuses/save', 'POST /api/campuses/save#add', 'POST /api/campuses/save#edit']);
  });
});
