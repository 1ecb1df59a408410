/**
 * The one score-system rule (no SQL: the repositories read a batch's systems, this chooses). Used by
 * score entry (a sheet's scale), 我的成绩 (full mark and band) and the exams module's
 * `findScoreSystem`.
 *
 * A system of a batch covers a class's grade and a subject when its grades include the grade (or
 * are [] = all of the batch's grades) and its subjects include the subject (or [] = all of the
 * batch's subjects). Of the systems covering them, the most specific wins: named grades before all
 * grades, then named subjects before all subjects, then by name (saving refuses overlaps, so this
 * only decides between a specific system and a catch-all one).
 */

export interface SystemCoverage {
  name: string;
  gradeIds: readonly string[];
  subjects: readonly string[];
}

export interface BatchCoverage {
  gradeIds: readonly string[];
  subjects: readonly string[];
}

/** Whether `system` covers `gradeId` and `subject` in `batch`. */
export function coversSheet(system: SystemCoverage, batch: BatchCoverage, gradeId: string, subject: string): boolean {
  const grades = system.gradeIds.length > 0 ? system.gradeIds : batch.gradeIds;
  const subjects = system.subjects.length > 0 ? system.subjects : batch.subjects;
  return grades.includes(gradeId) && subjects.includes(subject);
}

const specificity = (system: SystemCoverage) => (system.gradeIds.length === 0 ? 2 : 0) + (system.subjects.length === 0 ? 1 : 0);

/** The system of `systems` (one batch's) that gives `gradeId` and `subject` their scale, or null ('grade has no scale'). */
export function pickScoreSystem<S extends SystemCoverage>(systems: readonly S[], batch: BatchCoverage, gradeId: string | null, subject: string): S | null {
  if (gradeId === null) return null;
  let best: S | null = null;
  for (const system of systems) {
    if (!coversSheet(system, batch, gradeId, subject)) continue;
    if (
      best === null ||
      specificity(system) < specificity(best) ||
      (specificity(system) === specificity(best) && system.name < best.name)
    ) {
      best = system;
    }
  }
  return best;
}

export interface BandRange {
  name: string;
  nameEn: string;
  minScore: number;
  maxScore: number;
}

/** The band a score falls in (minScore ≤ score < maxScore + 1, the highest band first), null when none. */
export function bandOf(score: number | null, bands: readonly BandRange[]): BandRange | null {
  if (score === null) return null;
  let best: BandRange | null = null;
  for (const band of bands) {
    if (band.minScore <= score && score < band.maxScore + 1 && (best === null || band.minScore > best.minScore)) best = band;
  }
  return best;
}
