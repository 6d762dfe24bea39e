import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';

/**
 * The reconciliation charts' drawings, in a module of their own so that recharts loads only with
 * the first chart a screen shows (DESIGN.md section 7). Each takes rows already labelled by month.
 */

interface DrawingProps {
  data: Array<Record<string, string | number>>;
  height: number;
  /** Tooltip values: the full amount. */
  format: (value: number) => string;
  /** Axis ticks: short, so the axis stays narrow on a phone. */
  formatTick: (value: number) => string;
}

const common = (p: DrawingProps) => ({
  h: p.height,
  data: p.data,
  dataKey: 'label',
  valueFormatter: p.format,
  yAxisProps: { tickFormatter: p.formatTick, width: 64 },
  // The section's summary and table are the accessible form; the drawing is hidden from assistive technology.
  accessibilityLayer: false,
});

export function BalanceDrawing(props: DrawingProps & { seriesLabel: string }) {
  return (
    <AreaChart
      {...common(props)}
      series={[{ name: 'value', label: props.seriesLabel, color: 'blue.6' }]}
      curveType="linear"
      withDots={false}
    />
  );
}

export function InOutDrawing(props: DrawingProps & { inLabel: string; outLabel: string }) {
  return (
    <BarChart
      {...common(props)}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 32 }}
      series={[
        { name: 'in', label: props.inLabel, color: 'teal.6' },
        { name: 'out', label: props.outLabel, color: 'red.6' },
      ]}
    />
  );
}

export function NetCashDrawing(props: DrawingProps & { seriesLabel: string }) {
  return (
    <LineChart
      {...common(props)}
      series={[{ name: 'value', label: props.seriesLabel, color: 'grape.6' }]}
      curveType="linear"
    />
  );
}
