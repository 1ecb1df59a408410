import { describe, expect, it } from 'vitest';
import { settleNumber, stepNumber } from './number-stepping';

describe('number input stepping (SPEC §5: strict by default; min, max, step, precision)', () => {
  it('snaps typed values to the step by default, and not when strict is off', () => {
    expect(settleNumber(7, { step: 5 })).toBe(5);
    expect(settleNumber(8, { step: 5 })).toBe(10);
    expect(settleNumber(7, { step: 5, strict: false })).toBe(7);
  });

  it('clamps to min and max (on a step when strict)', () => {
    expect(settleNumber(120, { max: 100 })).toBe(100);
    expect(settleNumber(-3, { min: 0 })).toBe(0);
    expect(settleNumber(99, { step: 10, max: 95 })).toBe(90);
  });

  it('rounds to the precision (default: the step’s decimals)', () => {
    expect(settleNumber(1.26, { step: 0.1 })).toBe(1.3);
    expect(settleNumber(1.234, { step: 0.01, strict: false, precision: 1 })).toBe(1.2);
    expect(stepNumber(0.1, 1, { step: 0.2 })).toBe(0.4);
  });

  it('steps up and down within min and max, starting from min when empty', () => {
    expect(stepNumber(null, 1, { min: 2 })).toBe(3);
    expect(stepNumber(10, 1, { max: 10 })).toBe(10);
    expect(stepNumber(0, -1, { min: 0 })).toBe(0);
    expect(stepNumber(1.1, 1, { step: 0.1 })).toBe(1.2);
  });
});
