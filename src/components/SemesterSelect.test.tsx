import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { SemesterSelect, semesterPickerOrder } from './SemesterSelect';

// as the server sends them: by start date, latest first (the next 第二学期 comes before the current one)
const semesters = [
  { id: 's3', name: '2026-2027学年第二学期', isCurrent: false },
  { id: 's2', name: '2026-2027学年第一学期', isCurrent: true },
  { id: 's1', name: '2025-2026学年第二学期', isCurrent: false },
];

describe('SemesterSelect', () => {
  it('lists the current semester first, marked, then the others in the order sent', () => {
    expect(semesterPickerOrder(semesters).map((s) => s.id)).toEqual(['s2', 's3', 's1']);
    const onChange = vi.fn();
    renderWithProviders(<SemesterSelect semesters={semesters} value="s2" onChange={onChange} testId="pick" />);
    const select = screen.getByTestId('pick') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['2026-2027学年第一学期（当前）', '2026-2027学年第二学期', '2025-2026学年第二学期']);
    fireEvent.change(select, { target: { value: 's1' } });
    expect(onChange).toHaveBeenCalledWith('s1');
  });
});
