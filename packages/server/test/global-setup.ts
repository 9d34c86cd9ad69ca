import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';
import { openPg, openPglite } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

// One folder per run: parallel runs on one machine must not delete each other's template.
const templateDir = join(import.meta.dirname, `../.vitrine-test/${process.pid}`);

/**
 * Migrate once per run: on PGlite a dumped data folder each test file loads (well under a second,
 * against 3–4 s for a fresh one); on PostgreSQL (DATABASE_URL) a template database each file clones.
 */
export default async function setup(project: TestProject) {
  const stopS3 = process.env.STORAGE === 's3' ? await startS3(project) : undefined;
  const stopDb = await database(project);
  return async () => {
    await stopDb();
    await stopS3?.();
  };
}

/**
 * STORAGE=s3: an S3-compatible server on this machine for the run (s3rver, files in the run's own
 * folder); each test file makes its own bucket there (test/storage.ts).
 */
async function startS3(project: TestProject) {
  const directory = join(templateDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  project.provide('s3Endpoint', `http://127.0.0.1:${port}`);
  return async () => {
    await server.close();
    rmSync(templateDir, { recursive: true, force: true });
  };
}

async function database(project: TestProject): Promise<() => Promise<void> | void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `vitrine_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const db = await openPg(withDb(url, name), 2);
    await migrate(db);
    await db.close();
    project.provide('pgTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    };
  }
  mkdirSync(templateDir, { recursive: true });
  const db = await openPglite({ inline: true });
  await migrate(db);
  writeFileSync(join(templateDir, 'template.tar'), await db.dump());
  await db.close();
  project.provide('pgliteTemplate', join(templateDir, 'template.tar'));
  return () => rmSync(templateDir, { recursive: true, force: true });
}

export function withDb(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
    /** the test S3 server's address when STORAGE=s3 */
    s3Endpoint?: string;
  }
}
