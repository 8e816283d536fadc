import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWebMetrics } from '../../src/app/metrics';
import { SHARED_METRICS } from '../../src/app/shared-metrics';

/** docs/grafana/iris-operations.json reads only series and labels Iris exports. */

const dashboard = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'docs', 'grafana', 'iris-operations.json'), 'utf8'),
) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };

async function exported(): Promise<Map<string, Set<string>>> {
  const labels = new Map<string, Set<string>>();
  for (const metric of Object.values(SHARED_METRICS))
    labels.set(metric.name, new Set<string>('labelNames' in metric ? metric.labelNames : []));
  const web = createWebMetrics();
  for (const metric of await web.registry.getMetricsAsJSON()) {
    const names = new Set<string>();
    for (const value of metric.values) for (const label of Object.keys(value.labels)) names.add(label);
    labels.set(metric.name, names);
  }
  for (const metric of web.registry.getMetricsAsArray()) {
    const declared = (metric as unknown as { labelNames?: string[] }).labelNames ?? [];
    for (const label of declared) labels.get(metric.name)?.add(label);
  }
  return labels;
}

describe('the Grafana dashboard in docs/', () => {
  it('every panel queries series Iris exports, by labels they carry', async () => {
    const known = await exported();
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(8);
    for (const panel of dashboard.panels) {
      for (const { expr } of panel.targets) {
        const series = [...expr.matchAll(/\biris_[a-z0-9_]+/g)].map((m) =>
          m[0].replace(/_(bucket|sum|count)$/, ''),
        );
        expect(series.length).toBeGreaterThan(0);
        for (const name of series) {
          expect({ panel: panel.title, name, known: known.has(name) }).toEqual({
            panel: panel.title,
            name,
            known: true,
          });
          const byLabels = [...expr.matchAll(/by \(([^)]+)\)/g)].flatMap((m) =>
            m[1]!.split(',').map((l) => l.trim()),
          );
          for (const label of byLabels.filter((l) => l !== 'le'))
            expect({ panel: panel.title, name, label, known: known.get(name)!.has(label) }).toEqual({
              panel: panel.title,
              name,
              label,
              known: true,
            });
        }
      }
    }
  });
});
