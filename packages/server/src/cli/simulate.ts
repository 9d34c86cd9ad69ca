// npm run simulate -- --devices N [--speed X] [--url http://127.0.0.1:3000] [--phone P --password W]
// Activates N virtual screens of the enterprise through the real API and keeps them running:
// heartbeats, plays that follow their playlists, visitors within opening hours, and faults.
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/demo.js';
import { startSimulation } from '../sim/run.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string' }, speed: { type: 'string', default: '1' }, url: { type: 'string' },
    phone: { type: 'string', default: DEMO_USERS.supervisor.phone }, password: { type: 'string', default: DEMO_PASSWORD },
    enterprise: { type: 'string' }, history: { type: 'string', default: '0' },
  },
});
const base = values.url ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const sim = await startSimulation({
  base, phone: values.phone!, password: values.password!, enterprise: values.enterprise,
  devices: values.devices ? Number(values.devices) : undefined, speed: Number(values.speed),
  historyDays: Number(values.history), log: (m) => console.log(m),
});
console.log(`simulating ${sim.devices.length} screens against ${base}; Ctrl-C stops`);
const report = setInterval(() => {
  const t = sim.devices.reduce((s, d) => ({ beats: s.beats + d.counts.beats, plays: s.plays + d.counts.plays, visits: s.visits + d.counts.visits }), { beats: 0, plays: 0, visits: 0 });
  console.log(`heartbeats ${t.beats}, plays ${t.plays}, visits ${t.visits}`);
}, 60_000);
process.on('SIGINT', () => {
  clearInterval(report);
  sim.stop();
  process.exit(0);
});
