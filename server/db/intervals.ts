import { sql } from 'drizzle-orm';

/** A PostgreSQL interval of so many seconds (a bound parameter, never spliced into the text). */
export const secondsInterval = (seconds: number) => sql`make_interval(secs => ${seconds})`;

/** A PostgreSQL interval of so many minutes. */
export const minutesInterval = (minutes: number) => secondsInterval(minutes * 60);
