import { localOfIso, schoolYearOf, showTime } from '../../../lib/school-time';

/** Questionnaire times are entered and shown in the school's time zone (lib/school-time.ts). */
export { isoOfLocal, localOfIso, localOfMs, msOfLocal, showTime } from '../../../lib/school-time';

export const showRange = (startsAt: string, endsAt: string): string => `${showTime(startsAt)} ~ ${showTime(endsAt)}`;

/** A range for narrow screens: '11-22 17:15 ~ 12-11 17:15' (the year only when not this year's). */
export function shortRange(startsAt: string, endsAt: string, now = new Date()): string {
  const year = schoolYearOf(now.getTime());
  const short = (iso: string) => {
    const local = localOfIso(iso).replace('T', ' ');
    return local.startsWith(`${year}-`) ? local.slice(5) : local;
  };
  return `${short(startsAt)} ~ ${short(endsAt)}`;
}
