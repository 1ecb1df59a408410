import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DormBoard, DormOverview } from '../../../contracts/dorms';
import { fakeFetch, ok, renderWithProviders } from '../../test/render';
import AllocateDialog from './AllocateDialog';
import BedDialogs from './BedDialogs';

/** 宿舍管理's dialogs on their shared fields (DormFields: the labelled selects, the date) and footer (DormDialog confirm). */

const BUILDING = { id: '0193a000-0000-7000-8000-0000000000b1', code: 1, name: '男生宿舍楼', rooms: 1, validBeds: 4, occupied: 1, free: { '1': 3 } };
const OTHER = { ...BUILDING, id: '0193a000-0000-7000-8000-0000000000b2', code: 2, name: '二号楼' };
const overview: DormOverview = { buildings: [BUILDING, OTHER], waiting: { '1': 2 }, grades: [{ id: '0193a000-0000-7000-8000-0000000000a7', name: '七年级', nameEn: 'Grade 7' }] };
const sleeper = { id: '0193a000-0000-7000-8000-0000000000e1', name: '张伟', userNo: '202011001', gender: '1', className: '七年级(1)班', classNameEn: 'Grade 7 (1)', stayId: '0193a000-0000-7000-8000-0000000000f1', fromDate: '2026-09-01' };
const room = { id: '0193a000-0000-7000-8000-0000000000c1', code: '101', floor: 1, gender: '1', totalBeds: 2, validBeds: 2, beds: [{ bedNo: 1, valid: true, stay: sleeper }, { bedNo: 2, valid: true, stay: null }] };
const board: DormBoard = { building: BUILDING, rooms: [room] } as unknown as DormBoard;

const sent = (calls: { url: URL; init: RequestInit }[], path: string) => calls.filter((call) => call.url.pathname === path).map((call) => JSON.parse(String(call.init.body)));

afterEach(() => vi.unstubAllGlobals());

describe('dormitory dialogs', () => {
  it('自动分配 sends the grade, building and date chosen in its labelled fields', async () => {
    i18n.activate('zh');
    const fetch = fakeFetch({ '/api/dorms/allocate': ok({ placed: 2, unplaced: [], shortages: [] }) });
    vi.stubGlobal('fetch', vi.fn(fetch.impl));
    renderWithProviders(<AllocateDialog overview={overview} locale="zh" onClose={() => undefined} />);
    fireEvent.change(screen.getByRole('combobox', { name: '年级' }), { target: { value: overview.grades[0]!.id } });
    fireEvent.change(screen.getByRole('combobox', { name: '宿舍楼' }), { target: { value: OTHER.id } });
    fireEvent.change(screen.getByLabelText('入住日期'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByTestId('dorm-allocate-start'));
    expect(await screen.findByTestId('dorm-allocate-summary')).toBeTruthy();
    expect(sent(fetch.calls, '/api/dorms/allocate')).toEqual([{ gradeId: overview.grades[0]!.id, buildingId: OTHER.id, date: '2026-12-01' }]);
    // the result's footer: 关闭 only
    expect(screen.queryByTestId('dorm-allocate-start')).toBeNull();
  });

  it('调换床位 waits for a free bed of the same gender, then sends it with the date', async () => {
    i18n.activate('zh');
    const fetch = fakeFetch({ '/api/dorms/board': ok(board), '/api/dorms/move': ok(null), '/api/dorms/overview': ok(overview) });
    vi.stubGlobal('fetch', vi.fn(fetch.impl));
    const onClose = vi.fn();
    renderWithProviders(<BedDialogs action={{ kind: 'move', room, bed: room.beds[0]! }} buildingId={BUILDING.id} overview={overview} onClose={onClose} />);
    const save = screen.getByTestId('dorm-move-save');
    expect(save.hasAttribute('disabled')).toBe(true);
    const target = screen.getByRole('combobox', { name: '新床位' });
    await waitFor(() => expect(screen.getByRole('option', { name: '101 2号床' })).toBeTruthy());
    fireEvent.change(target, { target: { value: `${room.id}:2` } });
    fireEvent.change(screen.getByLabelText('日期'), { target: { value: '2026-12-02' } });
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(fetch.calls, '/api/dorms/move')).toEqual([{ stayId: sleeper.stayId, roomId: room.id, bedNo: 2, date: '2026-12-02' }]);
  });
});
