// Dictionary type codes the app relies on, without zod: screens in the /login entry chunk may import them.

/** the school's subjects (科目); duties, exam batches and scores store these codes */
export const SUBJECT_DICT = 'STD_KM';
