import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export interface CompletionSeries {
  name: string;
  label: string;
  color: string;
}

/**
 * The completion charts' drawing, in a module of its own so that recharts loads only with the
 * first chart a screen shows (DESIGN.md section 7).
 */
export default function CompletionBars({
  data,
  series,
  height,
  max,
  format,
}: {
  data: Array<{ label: string } & Record<string, number | string>>;
  series: CompletionSeries[];
  height: number;
  /** The axis's top: 100 for a share in percent, 4 for a client's checks. */
  max: number;
  format: (value: number) => string;
}) {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="label"
      series={series}
      valueFormatter={format}
      withLegend={series.length > 1}
      yAxisProps={{ domain: [0, max], allowDecimals: false, width: 48 }}
      // The section's summary and table are the accessible form; the drawing is hidden from assistive technology.
      accessibilityLayer={false}
    />
  );
}
