// npm run simulate -- --devices N [--speed X] [--url http://127.0.0.1:3000] [--phone P --password W]
// Activates N virtual screens of the enterprise through the real API and keeps them running:
// heartbeats, plays that follow their playlists, visitors within opening hours, and faults.
import { SIMULATE_USAGE, parseSimulateArgs } from './simulate-args.js';

const parsed = parseSimulateArgs(process.argv.slice(2));
if (parsed.kind === 'help') {
  console.log(SIMULATE_USAGE);
  process.exit(0);
}
if (parsed.kind === 'error') {
  console.error(`${parsed.message}\n\n${SIMULATE_USAGE}`);
  process.exit(2);
}
const { args } = parsed;
// loaded only to run: the usage needs none of it
const { DEMO_PASSWORD, DEMO_USERS } = await import('../seed/demo.js');
const { startSimulation } = await import('../sim/run.js');
const base = args.url ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const sim = await startSimulation({
  base,
  phone: args.phone ?? DEMO_USERS.supervisor.phone,
  password: args.password ?? DEMO_PASSWORD,
  enterprise: args.enterprise,
  devices: args.devices,
  speed: args.speed,
  historyDays: args.history,
  log: (m) => console.log(m),
});
console.log(`simulating ${sim.devices.length} screens against ${base}; Ctrl-C stops`);
const report = setInterval(() => {
  const t = sim.devices.reduce(
    (s, d) => ({
      beats: s.beats + d.counts.beats,
      plays: s.plays + d.counts.plays,
      visits: s.visits + d.counts.visits,
    }),
    { beats: 0, plays: 0, visits: 0 },
  );
  console.log(`heartbeats ${t.beats}, plays ${t.plays}, visits ${t.visits}`);
}, 60_000);
process.on('SIGINT', () => {
  clearInterval(report);
  sim.stop();
  process.exit(0);
});
