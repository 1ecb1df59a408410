import { i18n } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { BandEditor, bandErrors, emptyBand, hasBandErrors, type BandDraft } from './BandEditor';

const band = (name: string, minScore: string, maxScore: string, conversionScore: string): BandDraft => ({ ...emptyBand(), name, minScore, maxScore, conversionScore });

function Harness({ initial = [], fullMark = 100, showAll = false }: { initial?: BandDraft[]; fullMark?: number | null; showAll?: boolean }) {
  const [rows, setRows] = useState(initial);
  return <BandEditor rows={rows} onChange={setRows} fullMark={fullMark} showAll={showAll} />;
}

const rows = () => screen.queryAllByTestId('band-row');
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('bandErrors (the shared score rules, per row and field)', () => {
  it('passes good bands and asks for every empty field', () => {
    expect(hasBandErrors(bandErrors([band('优秀', '85', '100', '95'), band('合格', '60', '84', '70')], 100))).toBe(false);
    expect(bandErrors([band('', '', '', '')], 100)[0]).toEqual({ name: '请输入', minScore: '请输入', maxScore: '请输入', conversionScore: '请输入' });
  });

  it('says what is wrong with each rule', () => {
    const errors = bandErrors(
      [
        band('优秀', '90', '80', '85'), // min above max
        band('良好', '70', '79', '60'), // conversion outside
        band('中等', '60.5', '69', '65'), // not an integer
        band('良好', '50', '59', '55'), // duplicate name
        band('及格', '75', '78', '76'), // overlaps 良好
        band('满分', '95', '120', '100'), // above the full mark
      ],
      100,
    );
    expect(errors[0].minScore).toBe('最低分不能高于最高分');
    expect(errors[1].conversionScore).toBe('换算分必须在最低分70和最高分79之间');
    expect(errors[2].minScore).toBe('分数必须是0-200之间的整数');
    expect(errors[3].name).toBe('等级名称“良好”重复');
    expect(errors[4].minScore).toBe('分数段与等级“良好”重叠');
    expect(errors[5].maxScore).toBe('分数不能高于满分100');
    expect(bandErrors([band('A', '0', '201', '10')], null)[0].maxScore).toBe('分数必须是0-200之间的整数');
  });
});

describe('BandEditor', () => {
  it('adds and removes rows', () => {
    renderWithProviders(<Harness initial={[band('优秀', '85', '100', '95')]} />);
    expect(rows()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '添加等级' }));
    fireEvent.click(screen.getByRole('button', { name: '添加等级' }));
    expect(rows()).toHaveLength(3);
    type('第2行 等级名称', '合格');
    fireEvent.click(screen.getByRole('button', { name: '删除第1行' }));
    expect(rows()).toHaveLength(2);
    expect((screen.getByLabelText('第1行 等级名称') as HTMLInputElement).value).toBe('合格');
  });

  it('shows a row its problems as typed, and leaves untouched rows quiet until a save attempt', () => {
    renderWithProviders(<Harness initial={[emptyBand()]} />);
    fireEvent.click(screen.getByRole('button', { name: '添加等级' }));
    type('第1行 等级名称', '优秀');
    type('第1行 最低分', '90');
    type('第1行 最高分', '80');
    type('第1行 换算分', '85');
    const first = rows()[0];
    expect(within(first).getByText('最低分不能高于最高分')).toBeTruthy();
    // the second row was never touched
    expect(within(rows()[1]).queryByText('请输入')).toBeNull();
    type('第1行 最高分', '100');
    expect(within(rows()[0]).queryByText('最低分不能高于最高分')).toBeNull();
  });

  it('after a save attempt every row shows its problems', () => {
    renderWithProviders(<Harness initial={[band('优秀', '85', '100', '95'), band('', '60', '90', '70')]} showAll />);
    expect(within(rows()[1]).getByText('请输入')).toBeTruthy();
    expect(within(rows()[1]).getByText('分数段与等级“优秀”重叠')).toBeTruthy();
  });

  it('an optional English name per band, as long as the name may be', () => {
    expect(bandErrors([{ ...band('优秀', '85', '100', '95'), nameEn: 'E'.repeat(21) }], 100)[0]).toEqual({ nameEn: '不能超过20个字符' });
    expect(hasBandErrors(bandErrors([{ ...band('优秀', '85', '100', '95'), nameEn: 'E'.repeat(20) }], 100))).toBe(false);
    renderWithProviders(<Harness initial={[band('优秀', '85', '100', '95')]} />);
    type('第1行 英文名称', 'Excellent');
    expect((screen.getByLabelText('第1行 英文名称') as HTMLInputElement).value).toBe('Excellent');
  });

  it('speaks English', () => {
    i18n.activate('en');
    renderWithProviders(<Harness initial={[band('A', '90', '80', '85')]} showAll />);
    expect(screen.getByText('The minimum must not be above the maximum')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add band' })).toBeTruthy();
  });
});
