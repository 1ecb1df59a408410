import { describe, expect, it } from 'vitest';
import { type AllocationBoarder, type AllocationRoom, planAllocation } from './dorm-allocation';

const boarder = (id: string, gender: string | null, classId: string, gradeLevel = 7): AllocationBoarder => ({ id, gender, classId, gradeLevel, classSort: Number(classId.slice(1)), classCode: classId, userNo: id });
const room = (id: string, gender: string, beds: number, living: Record<string, number> = {}, grades: number[] = []): AllocationRoom => ({
  id,
  gender,
  freeBeds: Array.from({ length: beds }, (_, index) => index + 1),
  classes: new Map(Object.entries(living)),
  grades: new Set(grades),
});
const roomsOf = (plan: ReturnType<typeof planAllocation>) => {
  const byRoom = new Map<string, string[]>();
  for (const placement of plan.placements) byRoom.set(placement.roomId, [...(byRoom.get(placement.roomId) ?? []), placement.studentId]);
  return Object.fromEntries(byRoom);
};

describe('automatic dormitory allocation (planAllocation)', () => {
  it('puts each boarder in a room of their gender, one bed each', () => {
    const plan = planAllocation(
      [boarder('b1', '1', 'c1'), boarder('g1', '2', 'c1'), boarder('b2', '1', 'c1'), boarder('g2', '2', 'c1')],
      [room('girls', '2', 4), room('boys', '1', 4)],
    );
    expect(roomsOf(plan)).toEqual({ boys: ['b1', 'b2'], girls: ['g1', 'g2'] });
    expect(plan.placements.map((placement) => `${placement.roomId}:${placement.bedNo}`)).toEqual(['boys:1', 'boys:2', 'girls:1', 'girls:2']);
    expect(plan.unplaced).toEqual([]);
  });

  it('keeps classmates together: a class fills rooms one after another, whatever order the boarders come in', () => {
    const shuffled = ['a1', 'b1', 'a2', 'b2', 'a3', 'b3', 'a4', 'b4'].map((id) => boarder(id, '1', id.startsWith('a') ? 'c1' : 'c2'));
    const plan = planAllocation(shuffled, [room('r1', '1', 4), room('r2', '1', 4)]);
    expect(roomsOf(plan)).toEqual({ r1: ['a1', 'a2', 'a3', 'a4'], r2: ['b1', 'b2', 'b3', 'b4'] });
  });

  it('joins classmates who live in a room already before opening an empty one', () => {
    const plan = planAllocation([boarder('x', '1', 'c2'), boarder('y', '1', 'c2')], [room('empty', '1', 4), room('withClass', '1', 2, { c2: 2 }, [7])]);
    expect(roomsOf(plan)).toEqual({ withClass: ['x', 'y'] });
  });

  it('orders by grade, then class: the lower grade is placed first when beds run short, and who is left is listed with the shortage per gender', () => {
    const plan = planAllocation(
      [boarder('nine', '1', 'c9', 9), boarder('seven', '1', 'c7', 7), boarder('girl', '2', 'c7', 7), boarder('unknown', null, 'c7', 7)],
      [room('boys', '1', 1)],
    );
    expect(roomsOf(plan)).toEqual({ boys: ['seven'] });
    expect(plan.unplaced.sort()).toEqual(['girl', 'nine', 'unknown']);
    expect(plan.shortages).toEqual([
      { gender: '1', waiting: 2, freeBeds: 1, short: 1 },
      { gender: '2', waiting: 1, freeBeds: 0, short: 1 },
    ]);
  });

  it('fills leftover beds of the same grade before other rooms when empty rooms run out', () => {
    const plan = planAllocation([boarder('p', '1', 'c3', 8)], [room('grade7', '1', 1, { c1: 3 }, [7]), room('grade8', '1', 1, { c2: 3 }, [8])]);
    expect(roomsOf(plan)).toEqual({ grade8: ['p'] });
  });
});
