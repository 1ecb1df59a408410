// Automatic allocation (宿舍管理 自动分配): who goes to which free bed. Pure, so the bench times it
// apart from the database and the tests can state its rules directly.

export interface AllocationBoarder {
  id: string;
  gender: string | null;
  /** the class (null: none); classmates are kept together */
  classId: string | null;
  /** grade level, class order and student number order the queue: a grade's classes stay near each other */
  gradeLevel: number;
  classSort: number;
  classCode: string;
  userNo: string;
}

export interface AllocationRoom {
  id: string;
  gender: string;
  /** bed numbers that can take someone now (valid and without an open stay), ascending */
  freeBeds: number[];
  /** classes of the students living there now, with how many of each */
  classes: Map<string, number>;
  /** grade levels living there now */
  grades: Set<number>;
}

export interface AllocationPlacement {
  studentId: string;
  roomId: string;
  bedNo: number;
}

export interface GenderShortage {
  gender: string;
  /** boarders of that gender waiting for a bed */
  waiting: number;
  freeBeds: number;
  /** waiting beyond the free beds (0: none) */
  short: number;
}

export interface AllocationPlan {
  placements: AllocationPlacement[];
  /** boarders left without a bed: no free bed of their gender, or no gender recorded */
  unplaced: string[];
  shortages: GenderShortage[];
}

const byQueue = (a: AllocationBoarder, b: AllocationBoarder) =>
  a.gradeLevel - b.gradeLevel || a.classSort - b.classSort || a.classCode.localeCompare(b.classCode) || a.userNo.localeCompare(b.userNo);

/**
 * For each gender, the boarders in grade → class → number order, one class at a time: first into
 * rooms where classmates already live (most classmates first), then into empty rooms in order (a class
 * fills rooms one after another), then into rooms with free beds where their grade lives, then any
 * free bed of the gender. `rooms` come in the order they are filled (building, floor, room number).
 */
export function planAllocation(boarders: readonly AllocationBoarder[], rooms: readonly AllocationRoom[]): AllocationPlan {
  const placements: AllocationPlacement[] = [];
  const unplaced: string[] = [];
  const shortages: GenderShortage[] = [];
  const genders = [...new Set([...rooms.map((room) => room.gender), ...boarders.flatMap((boarder) => (boarder.gender ? [boarder.gender] : []))])].sort();
  for (const boarder of boarders) if (!boarder.gender) unplaced.push(boarder.id);

  for (const gender of genders) {
    const queue = boarders.filter((boarder) => boarder.gender === gender).sort(byQueue);
    const ofGender = rooms.filter((room) => room.gender === gender).map((room) => ({ ...room, freeBeds: [...room.freeBeds], classes: new Map(room.classes), grades: new Set(room.grades) }));
    const freeBeds = ofGender.reduce((sum, room) => sum + room.freeBeds.length, 0);
    if (queue.length > 0) shortages.push({ gender, waiting: queue.length, freeBeds, short: Math.max(0, queue.length - freeBeds) });
    const empty = ofGender.filter((room) => room.classes.size === 0 && room.freeBeds.length > 0);
    let nextEmpty = 0;

    let start = 0;
    while (start < queue.length) {
      let end = start + 1;
      while (end < queue.length && queue[end]!.classId === queue[start]!.classId) end += 1;
      const members = queue.slice(start, end);
      start = end;
      const classId = members[0]!.classId;
      const gradeLevel = members[0]!.gradeLevel;
      let placedUpTo = 0;
      const fill = (room: (typeof ofGender)[number]) => {
        while (placedUpTo < members.length && room.freeBeds.length > 0) {
          const bedNo = room.freeBeds.shift()!;
          placements.push({ studentId: members[placedUpTo]!.id, roomId: room.id, bedNo });
          placedUpTo += 1;
          if (classId) room.classes.set(classId, (room.classes.get(classId) ?? 0) + 1);
          room.grades.add(gradeLevel);
        }
      };
      // 1. where classmates live already, most classmates first
      if (classId) {
        const withClassmates = ofGender.filter((room) => room.freeBeds.length > 0 && room.classes.has(classId)).sort((a, b) => b.classes.get(classId)! - a.classes.get(classId)!);
        for (const room of withClassmates) fill(room);
      }
      // 2. empty rooms, one after another
      while (placedUpTo < members.length && nextEmpty < empty.length) {
        const room = empty[nextEmpty]!;
        if (room.classes.size === 0) fill(room);
        if (room.freeBeds.length === 0 || room.classes.size > 0) nextEmpty += 1;
      }
      // 3. rooms of their grade, then 4. any free bed of the gender
      if (placedUpTo < members.length) for (const room of ofGender) if (room.grades.has(gradeLevel)) fill(room);
      if (placedUpTo < members.length) for (const room of ofGender) fill(room);
      for (const member of members.slice(placedUpTo)) unplaced.push(member.id);
    }
  }
  return { placements, unplaced, shortages };
}
