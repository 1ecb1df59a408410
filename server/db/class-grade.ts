import { type SQL, sql } from 'drizzle-orm';

/**
 * A class (org_units kind 'class') graduates with its grade: the semester upgrade marks the grade and
 * its classes, and a class may also carry its own level. These pieces say "the class `c` and its
 * grade `g`" once for every query that asks whether a class is current or at which level it is
 * (毕业管理, 学籍异动). Join `GRADE_OF_CLASS` after the class row aliased `c`.
 */
export const GRADE_OF_CLASS: SQL = sql`LEFT JOIN org_units g ON g.tenant_id = c.tenant_id AND g.id = c.parent_id AND g.kind = 'grade'`;

/** SQL: the class `c` has graduated, itself or its grade `g` */
export const CLASS_GRADUATED: SQL = sql`(c.graduated OR coalesce(g.graduated, false))`;

/** SQL: the grade level of the class `c` (its own, else its grade `g`'s; null: none) */
export const CLASS_LEVEL: SQL = sql`coalesce(c.grade_level, g.grade_level)`;
