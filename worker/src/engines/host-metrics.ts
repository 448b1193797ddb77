/**
 * What a task host measures for the worker's /metrics. A host has no registry of its own (it would
 * die with the host): it reports each figure to the worker over IPC, and the worker records it.
 */
export type HostMetric = { kind: 'engine'; engine: string; seconds: number } | { kind: 'soffice-restart' };

let sink: ((metric: HostMetric) => void) | undefined;

/** Where this process's figures go: the IPC channel in a task host, the registry in the worker. */
export function reportHostMetricsTo(report: (metric: HostMetric) => void): void {
  sink = report;
}

export function reportHostMetric(metric: HostMetric): void {
  sink?.(metric);
}
