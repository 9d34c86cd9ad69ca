import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

// What every PostgreSQL bench does around its measurement: a database of its own on DATABASE_URL's
// server, and its figures written into its section of bench/README.md.

const README = join(import.meta.dirname, 'README.md');

/**
 * A new database `vitrine_bench_<bench>_<pid>` on DATABASE_URL's server: its URL, and `drop` for the
 * end of the run (kept, and said so, with BENCH_KEEP=1: EXPLAIN it afterwards).
 */
export async function scratchDatabase(bench: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error(`bench/${bench}.ts needs DATABASE_URL (PostgreSQL)`);
  const name = `vitrine_bench_${bench}_${process.pid}`;
  const root = new pg.Client({ connectionString: url });
  await root.connect();
  await root.query(`drop database if exists ${name} with (force)`);
  await root.query(`create database ${name}`);
  return {
    url: Object.assign(new URL(url), { pathname: `/${name}` }).toString(),
    async drop() {
      if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
      else await root.query(`drop database if exists ${name} with (force)`);
      await root.end();
    },
  };
}

/**
 * Puts `section` between `<!-- <bench>-bench:start -->` and its end marker in bench/README.md; a
 * README without them gets `intro` (a heading and how to run) and the marked section at its end.
 */
export function writeReadmeSection(bench: string, section: string, intro: string): void {
  const [start, end] = [`<!-- ${bench}-bench:start -->`, `<!-- ${bench}-bench:end -->`];
  const text = readFileSync(README, 'utf8');
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  writeFileSync(
    README,
    i >= 0 && j > i
      ? `${text.slice(0, i + start.length)}\n${section}\n${text.slice(j)}`
      : `${text.trimEnd()}\n\n${intro}\n\n${start}\n${section}\n${end}\n`,
  );
}
