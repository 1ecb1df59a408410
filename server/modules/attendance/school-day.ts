/**
 * "Today" for attendance is the school's local date, not the server's: the zone and the day rules
 * are shared with the client (contracts/school-time.ts).
 */
export { addDays, dayNumber, SCHOOL_TIME_ZONE, schoolDate, weekday } from '../../../contracts/school-time';
export { SCHOOL_TIME_ZONE_OFFSET as SCHOOL_UTC_OFFSET } from '../../../contracts/school-time';
