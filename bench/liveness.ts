// Is the server still answering while a query runs? Asks /livez over and over (a new request as
// soon as the last is answered, at most every 10 ms) and keeps the slowest answer. On PGlite a
// query that held the server's own thread would show here as a long answer.
import { percentile } from './stats.ts';

export type LivenessFigures = { probes: number; p99: number; max: number };

export function startLivenessProbe(baseURL: string): { stop(): Promise<LivenessFigures> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${baseURL}/livez`);
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`/livez answered ${response.status}`);
      times.push(elapsed);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10 - elapsed)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { probes: times.length, p99: percentile(times, 99), max: Math.max(...times) };
    },
  };
}
