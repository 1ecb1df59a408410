import { i18n } from '@lingui/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STAFF_APPLICATION_KINDS } from '../../../../contracts/application-rules';
import type { ApplicationOptions } from '../../../../contracts/applications';
import { fakeFetch, ok, renderWithProviders } from '../../../test/render';
import { STAFF_KIND_DEFINITIONS, validateMakeup, validateOuting, validateShift } from './staff';
import { messages as enApplications } from '../locales/en.po';
import { messages as zhApplications } from '../locales/zh.po';

// the applications catalog (catalog.ts) is loaded with the screens; these tests call the rules directly
beforeAll(() => i18n.load({ zh: zhApplications, en: enApplications }));
afterEach(() => i18n.activate('zh'));

const CLASS_1 = '0199a000-0000-7000-8000-0000000000c1';
const CLASS_2 = '0199a000-0000-7000-8000-0000000000c2';
const COLLEAGUE = '0199a000-0000-7000-8000-0000000000a2';
const options: ApplicationOptions = {
  students: [],
  leaveTypes: { staff_leave: [{ code: '1', name: '事假' }] },
  classes: [
    { id: CLASS_1, name: '七年级(1)班', subjects: [{ code: '02', name: '数学' }] },
    { id: CLASS_2, name: '七年级(2)班', subjects: [{ code: '02', name: '数学' }, { code: '03', name: '英语' }] },
  ],
  colleagues: [{ id: COLLEAGUE, name: '周雅琴', departmentName: '教务处' }],
  batches: [],
  blockedPeriods: [],
};
const definition = (kind: string) => STAFF_KIND_DEFINITIONS.find((item) => item.kind === kind)!;

describe('staff kinds', () => {
  it('define the five staff kinds; only leave has a leave type and none has attachments', () => {
    expect(STAFF_KIND_DEFINITIONS.map((item) => item.kind)).toEqual([...STAFF_APPLICATION_KINDS]);
    expect(STAFF_KIND_DEFINITIONS.filter((item) => item.hasLeaveType).map((item) => item.kind)).toEqual(['staff_leave']);
    expect(STAFF_KIND_DEFINITIONS.every((item) => item.hasTimeRange && !item.hasAttachments)).toBe(true);
    // an empty new application is refused by the kinds with fields of their own
    expect(Object.keys(validateShift(definition('staff_shift').emptyDetails()))).toEqual(['counterpartId', 'swapEndsAt']);
    expect(Object.keys(validateMakeup(definition('staff_makeup').emptyDetails()))).toEqual(['classId', 'subject', 'missedDate']);
  });

  it('outing needs a destination of at most 100 characters', () => {
    expect(validateOuting({ destination: '  ' })).toEqual({ destination: '请输入目的地' });
    expect(validateOuting({ destination: 'x'.repeat(101) })).toEqual({ destination: '目的地不能超过100个字符' });
    expect(validateOuting({ destination: '区教育局' })).toEqual({});
    i18n.activate('en');
    expect(validateOuting({})).toEqual({ destination: 'Enter the destination' });
  });

  it('shift needs the colleague and their time range with start before end', () => {
    const base = { counterpartId: COLLEAGUE, swapStartsAt: '2026-12-01T08:00:00+08:00', swapEndsAt: '2026-12-01T10:00:00+08:00' };
    expect(validateShift(base)).toEqual({});
    expect(validateShift({ ...base, swapEndsAt: base.swapStartsAt })).toEqual({ swapEndsAt: '开始时间应早于结束时间' });
    expect(validateShift({ ...base, counterpartId: '' })).toEqual({ counterpartId: '请选择调班同事' });
    i18n.activate('en');
    expect(validateShift({ ...base, swapEndsAt: '2026-12-01T07:00:00+08:00' })).toEqual({ swapEndsAt: 'Start time should be earlier than end time' });
  });

  it('shift: the colleague’s range may not contain a non-selectable period of shifts, as the server says', () => {
    const base = { counterpartId: COLLEAGUE, swapStartsAt: '2027-01-11T08:00:00+08:00', swapEndsAt: '2027-01-11T10:00:00+08:00' };
    const period = { id: '0199a000-0000-7000-8000-0000000000f2', name: '期末考试周', startsAt: '2027-01-10T00:00:00+08:00', endsAt: '2027-01-16T23:59:00+08:00', version: 1 };
    // the kind's definition is what the apply form calls, with its options
    expect(definition('staff_shift').validateDetails!(base, { blockedPeriods: [{ ...period, kinds: ['staff_shift'] }] })).toEqual({
      swapEndsAt: '所选时间段包含不可选时段：期末考试周（2027-01-10 00:00 ~ 2027-01-16 23:59）',
    });
    // a period of other kinds, or one the range only touches, does not block it
    expect(validateShift(base, { blockedPeriods: [{ ...period, kinds: ['staff_leave'] }] })).toEqual({});
    expect(validateShift({ ...base, swapStartsAt: '2027-01-09T20:00:00+08:00', swapEndsAt: '2027-01-10T00:00:00+08:00' }, { blockedPeriods: [{ ...period, kinds: ['staff_shift'] }] })).toEqual({});
    i18n.activate('en');
    expect(validateShift(base, { blockedPeriods: [{ ...period, kinds: ['staff_shift'] }] }).swapEndsAt).toBe(
      'The selected time range contains a non-selectable period: 期末考试周 (2027-01-10 00:00 ~ 2027-01-16 23:59)',
    );
  });

  it('make-up needs the class, the subject and the missed date', () => {
    expect(validateMakeup({ classId: CLASS_1, subject: '02', missedDate: '2026-11-20' })).toEqual({});
    expect(validateMakeup({ classId: CLASS_1, subject: '02', missedDate: '11/20' })).toEqual({ missedDate: '请选择缺课日期' });
  });

  it('make-up fields offer the subjects of the chosen class and pick the only one', () => {
    const Fields = definition('staff_makeup').Fields!;
    let latest: Record<string, unknown> = {};
    function Harness() {
      const [details, setDetails] = useState<Record<string, unknown>>({ classId: '', subject: '', missedDate: '' });
      latest = details;
      return <Fields kind="staff_makeup" details={details} onDetailsChange={setDetails} errors={{}} options={options} />;
    }
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByTestId('field-class'), { target: { value: CLASS_1 } });
    expect(latest).toMatchObject({ classId: CLASS_1, subject: '02' });
    fireEvent.change(screen.getByTestId('field-class'), { target: { value: CLASS_2 } });
    expect(latest.subject).toBe('02');
    expect([...(screen.getByTestId('field-subject') as HTMLSelectElement).options].map((option) => option.text)).toEqual(['请选择', '数学', '英语']);
  });

  it('shift fields keep the colleague’s range in school time; the detail lines name the colleague', () => {
    const Fields = definition('staff_shift').Fields!;
    const DetailLines = definition('staff_shift').DetailLines!;
    let latest: Record<string, unknown> = {};
    function Harness() {
      const [details, setDetails] = useState<Record<string, unknown>>({ counterpartId: '', swapStartsAt: '', swapEndsAt: '' });
      latest = details;
      return <Fields kind="staff_shift" details={details} onDetailsChange={setDetails} errors={{}} options={options} />;
    }
    renderWithProviders(<Harness />);
    expect([...(screen.getByTestId('field-counterpart') as HTMLSelectElement).options].map((option) => option.text)).toEqual(['请选择', '周雅琴（教务处）']);
    fireEvent.change(screen.getByTestId('field-counterpart'), { target: { value: COLLEAGUE } });
    fireEvent.change(screen.getByTestId('field-swap-start'), { target: { value: '2026-12-01T08:00' } });
    expect(latest).toMatchObject({ counterpartId: COLLEAGUE, swapStartsAt: '2026-12-01T08:00:00+08:00' });
    renderWithProviders(<DetailLines details={{ counterpartId: COLLEAGUE, swapStartsAt: '2026-12-01T00:00:00Z', swapEndsAt: '2026-12-01T02:00:00Z' }} options={options} />);
    expect(screen.getByText('周雅琴').textContent).toBe('调班同事：周雅琴');
    expect(screen.getByText('2026-12-01 08:00 ~ 2026-12-01 10:00').textContent).toBe('对方时间：2026-12-01 08:00 ~ 2026-12-01 10:00');
  });

  it('in English the colleague’s department is in half-width brackets', () => {
    i18n.activate('en');
    const Fields = definition('staff_shift').Fields!;
    renderWithProviders(<Fields kind="staff_shift" details={{ counterpartId: '', swapStartsAt: '', swapEndsAt: '' }} onDetailsChange={() => undefined} errors={{}} options={options} />);
    expect([...(screen.getByTestId('field-counterpart') as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Please select', '周雅琴 (教务处)']);
    const DetailLines = definition('staff_shift').DetailLines!;
    renderWithProviders(<DetailLines details={{ counterpartId: COLLEAGUE }} options={options} />);
    expect(screen.getByText('周雅琴').textContent).toBe('Colleague: 周雅琴');
  });

  it('make-up detail lines name the subject from the dictionary when the reader does not teach the class', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/dicts': ok({ STD_KM: [{ code: '02', name: '数学', nameEn: 'Maths' }] }) }).impl));
    const DetailLines = definition('staff_makeup').DetailLines!;
    renderWithProviders(<DetailLines details={{ classId: CLASS_1, subject: '02', missedDate: '2026-11-20' }} options={{ ...options, classes: [] }} />);
    expect(await screen.findByText('数学')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.getByText('2026-11-20')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
