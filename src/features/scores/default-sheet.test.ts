import { describe, expect, it } from 'vitest';
import type { ScoreOptions } from '../../../contracts/scores';
import { currentBatch, pickSheet } from './default-sheet';

type Batch = ScoreOptions['batches'][number];
type Klass = Batch['classes'][number];

// (a cast: the test needs no more fields than these)
const klass = (classId: string, subjects: [string, { taught?: boolean; submitted?: boolean }?][]): Klass =>
  ({
    classId,
    className: classId,
    gradeName: '七年级',
    subjects: subjects.map(([subject, flags]) => ({ subject, submitted: flags?.submitted ?? false, taught: flags?.taught ?? false })),
  }) as Klass;

const batch = (batchId: string, startDate: string, endDate: string, classes: Klass[], published = false): Batch => ({ batchId, name: batchId, published, startDate, endDate, classes });

const options = (batches: Batch[]): ScoreOptions => ({ semesters: [], semesterId: 'sem', batches });

// a head teacher of c1 (every subject readable) who teaches maths (02) in c1 and c2
const teacherClasses = () => [klass('c1', [['01'], ['02', { taught: true }], ['03']]), klass('c2', [['02', { taught: true }]])];
const TODAY = '2026-11-28';

describe('currentBatch', () => {
  const monthly = batch('monthly', '2026-10-01', '2026-10-02', [], true);
  const midterm = batch('midterm', '2026-11-10', '2026-11-12', []);
  const final = batch('final', '2027-01-10', '2027-01-12', []);
  const running = batch('running', '2026-11-27', '2026-11-29', []);

  it('takes the open batch whose dates hold today, else the latest started open one, else the next', () => {
    expect(currentBatch([monthly, midterm, running, final], TODAY)?.batchId).toBe('running');
    expect(currentBatch([monthly, midterm, final], TODAY)?.batchId).toBe('midterm');
    expect(currentBatch([monthly, final], TODAY)?.batchId).toBe('final');
  });

  it('prefers the last used batch while it is open; with none open, the last used, else the latest', () => {
    expect(currentBatch([midterm, running, final], TODAY, 'final')?.batchId).toBe('final');
    expect(currentBatch([monthly, midterm], TODAY, 'monthly')?.batchId).toBe('midterm');
    const published = batch('published', '2026-11-10', '2026-11-12', [], true);
    expect(currentBatch([monthly, published], TODAY)?.batchId).toBe('published');
    expect(currentBatch([monthly, published], TODAY, 'monthly')?.batchId).toBe('monthly');
    expect(currentBatch([], TODAY)).toBeUndefined();
  });
});

describe('pickSheet', () => {
  const midterm = batch('midterm', '2026-11-10', '2026-11-12', teacherClasses());
  const monthly = batch('monthly', '2026-10-01', '2026-10-02', teacherClasses(), true);

  it("opens the caller's own class and subject in the current batch, one not yet submitted first", () => {
    expect(pickSheet(options([monthly, midterm]), {}, TODAY)).toEqual({ batchId: 'midterm', classId: 'c1', subject: '02' });
    const submitted = batch('midterm', '2026-11-10', '2026-11-12', [klass('c1', [['01'], ['02', { taught: true, submitted: true }]]), klass('c2', [['02', { taught: true }]])]);
    expect(pickSheet(options([submitted]), {}, TODAY)).toEqual({ batchId: 'midterm', classId: 'c2', subject: '02' });
  });

  it('reopens the last used sheet when it is one of the own ones, in whatever batch it was used', () => {
    expect(pickSheet(options([monthly, midterm]), {}, TODAY, { batchId: 'monthly', classId: 'c2', subject: '02' })).toEqual({ batchId: 'midterm', classId: 'c2', subject: '02' });
    // a sheet only read (the head teacher's 语文) gives way to the own one
    expect(pickSheet(options([midterm]), {}, TODAY, { batchId: 'midterm', classId: 'c1', subject: '01' })).toEqual({ batchId: 'midterm', classId: 'c1', subject: '02' });
  });

  it('without own sheets (a manager): the last used, its 全部科目 too, else the first', () => {
    const managed = batch('midterm', '2026-11-10', '2026-11-12', [klass('c1', [['01'], ['02']]), klass('c2', [['01'], ['02']])]);
    expect(pickSheet(options([managed]), {}, TODAY, { batchId: 'midterm', classId: 'c2', subject: '02' })).toEqual({ batchId: 'midterm', classId: 'c2', subject: '02' });
    expect(pickSheet(options([managed]), {}, TODAY, { batchId: 'midterm', classId: 'c2', subject: 'all' })).toEqual({ batchId: 'midterm', classId: 'c2', subject: 'all' });
    expect(pickSheet(options([managed]), {}, TODAY, { batchId: 'gone', classId: 'c9', subject: '02' })).toEqual({ batchId: 'midterm', classId: 'c1', subject: '01' });
    expect(pickSheet(options([managed]), {}, TODAY)).toEqual({ batchId: 'midterm', classId: 'c1', subject: '01' });
  });

  it('keeps what the URL names and fills the rest: a batch, a class (its own subject first), a whole sheet', () => {
    expect(pickSheet(options([monthly, midterm]), { batchId: 'monthly' }, TODAY)).toEqual({ batchId: 'monthly', classId: 'c1', subject: '02' });
    expect(pickSheet(options([midterm]), { batchId: 'midterm', classId: 'c2' }, TODAY)).toEqual({ batchId: 'midterm', classId: 'c2', subject: '02' });
    expect(pickSheet(options([midterm]), { batchId: 'midterm', classId: 'c1', subject: 'all' }, TODAY)).toEqual({ batchId: 'midterm', classId: 'c1', subject: 'all' });
    expect(pickSheet(options([midterm]), { batchId: 'midterm', classId: 'c1', subject: '01' }, TODAY, { batchId: 'midterm', classId: 'c2', subject: '02' })).toEqual({
      batchId: 'midterm',
      classId: 'c1',
      subject: '01',
    });
    // what the options do not hold is replaced: another batch's id (its class and subject kept), a subject the class lacks, 'all' of one subject
    expect(pickSheet(options([midterm]), { batchId: 'old', classId: 'c1', subject: '01' }, TODAY)).toEqual({ batchId: 'midterm', classId: 'c1', subject: '01' });
    expect(pickSheet(options([midterm]), { batchId: 'midterm', classId: 'c1', subject: '09' }, TODAY)).toEqual({ batchId: 'midterm', classId: 'c1', subject: '02' });
    expect(pickSheet(options([midterm]), { batchId: 'midterm', classId: 'c2', subject: 'all' }, TODAY)).toEqual({ batchId: 'midterm', classId: 'c2', subject: '02' });
  });

  it('is null when no sheet is available', () => {
    expect(pickSheet(options([]), {}, TODAY)).toBeNull();
    expect(pickSheet(options([batch('empty', '2026-11-10', '2026-11-12', [])]), {}, TODAY)).toBeNull();
  });
});
