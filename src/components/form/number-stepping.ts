/** Number input rules (SPEC §5 "Number input"): strict stepping by default; min, max, step, precision. */
export interface SteppingRules {
  min?: number;
  max?: number;
  /** default 1 */
  step?: number;
  /** decimals kept; default: as many as the step has */
  precision?: number;
  /** only multiples of step are allowed (default true) */
  strict?: boolean;
}

const decimalsOf = (value: number) => {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};

const round = (value: number, precision: number) => Number(value.toFixed(precision));

/** The value a typed or stepped number settles to: clamped, snapped to the step (strict), rounded. */
export function settleNumber(value: number, rules: SteppingRules): number {
  const step = rules.step && rules.step > 0 ? rules.step : 1;
  const precision = rules.precision ?? decimalsOf(step);
  let next = value;
  // toFixed(10) first: 0.3 / 0.2 is 1.4999999999999998 in floating point
  if (rules.strict !== false) next = Math.round(Number((next / step).toFixed(10))) * step;
  next = round(next, precision);
  if (rules.max !== undefined && next > rules.max) next = rules.strict !== false ? round(Math.floor(rules.max / step) * step, precision) : rules.max;
  if (rules.min !== undefined && next < rules.min) next = rules.strict !== false ? round(Math.ceil(rules.min / step) * step, precision) : rules.min;
  return next;
}

/** One step up (+1) or down (-1) from the current value (empty starts from min or 0). */
export function stepNumber(current: number | null, direction: 1 | -1, rules: SteppingRules): number {
  const step = rules.step && rules.step > 0 ? rules.step : 1;
  const precision = rules.precision ?? decimalsOf(step);
  const start = current ?? rules.min ?? 0;
  return settleNumber(round(start + direction * step, Math.max(precision, decimalsOf(step))), rules);
}
