import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar, Pie } from 'react-chartjs-2';

// only the parts these charts use (bar and pie controllers register themselves with react-chartjs-2's typed charts)
ChartJS.register(CategoryScale, LinearScale, BarElement, ArcElement, Tooltip, Legend);

/** Colours of the series (readable on white paper too). */
export const CHART_COLORS = ['#3182ce', '#38a169', '#dd6b20', '#805ad5', '#d53f8c', '#319795', '#d69e2e', '#e53e3e', '#718096', '#2b6cb0'];
const colorAt = (index: number) => CHART_COLORS[index % CHART_COLORS.length]!;

export interface CountChartProps {
  labels: string[];
  counts: number[];
  type: 'bar' | 'pie';
  /** the series' name (tooltip) */
  name: string;
  /** aria-label of the canvas */
  label: string;
}

/** A choice question's counts: a horizontal bar chart, or a pie. */
export function CountChart({ labels, counts, type, name, label }: CountChartProps) {
  if (type === 'pie') {
    return (
      <Pie
        aria-label={label}
        role="img"
        data={{ labels, datasets: [{ label: name, data: counts, backgroundColor: labels.map((_, index) => colorAt(index)) }] }}
        options={{ responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'right' } } }}
      />
    );
  }
  return (
    <Bar
      aria-label={label}
      role="img"
      data={{ labels, datasets: [{ label: name, data: counts, backgroundColor: colorAt(0) }] }}
      options={{
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
      }}
    />
  );
}

export interface StackedChartProps {
  rows: string[];
  columns: string[];
  /** counts[row][column] */
  counts: number[][];
  label: string;
}

/** A matrix question: one stacked bar per row, a segment per column. */
export function StackedChart({ rows, columns, counts, label }: StackedChartProps) {
  return (
    <Bar
      aria-label={label}
      role="img"
      data={{ labels: rows, datasets: columns.map((column, index) => ({ label: column, data: counts.map((row) => row[index] ?? 0), backgroundColor: colorAt(index) })) }}
      options={{
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { position: 'bottom' } },
        scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } },
      }}
    />
  );
}
