import { showTime } from '../../lib/school-time';

/** Times of applications are entered and shown in the school's time zone (lib/school-time.ts). */
export { isoOfLocal, localOfIso, msOfLocal, showTime } from '../../lib/school-time';

/** '2026-11-24 08:00 ~ 2026-11-26 17:00' (the server's range wording). */
export const showRange = (startsAt: string | null | undefined, endsAt: string | null | undefined): string =>
  startsAt || endsAt ? `${showTime(startsAt)} ~ ${showTime(endsAt)}` : '—';
