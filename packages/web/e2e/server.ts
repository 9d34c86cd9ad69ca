// Talking to the server under test from Node: the JSON API, the dev SMS outbox, the operator command.
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../../..');

export type Envelope<T = Record<string, unknown>> = { ret: number; msg: string; result: T };
export type Session = { token: string; userId: number };
export type Account = Session & { un: string; pw: string; nickname: string };

/** A fresh phone: 1 followed by 10 random digits (each spec owns its data). */
export function newPhone(): string {
  let digits = '';
  for (let i = 0; i < 10; i++) digits += String(randomInt(10));
  return `1${digits}`;
}

export const newPassword = () => `Vitrine-e2e-${randomInt(1e6, 1e7)}`;
export const suffix = () => String(randomInt(1e5, 1e6));

/** POST /api/<path> with a JSON body; the session (if any) travels in the at/id headers. */
export async function api<T = Record<string, unknown>>(
  path: string,
  body: object = {},
  session?: Session,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', appid: 'pc' };
  if (session) {
    headers.at = session.token;
    headers.id = String(session.userId);
  }
  const res = await fetch(`${inject('baseURL')}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await res.json()) as Envelope<T>;
}

/** As api(), but any ret other than 0/1 fails the test with the server's message. */
export async function ok<T = Record<string, unknown>>(path: string, body: object = {}, session?: Session): Promise<T> {
  const r = await api<T>(path, body, session);
  if (r.ret !== 0 && r.ret !== 1) throw new Error(`${path} answered ret ${r.ret}: ${r.msg}`);
  return r.result;
}

/** The newest code the dev sender "sent" to a phone for a purpose (polls the dev outbox briefly). */
export async function outboxCode(un: string, purpose = 'register'): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const { list } = await ok<{ list: { code: string; purpose: string }[] }>('dev/sms-outbox', { un });
    const hit = list.find((m) => m.purpose === purpose);
    if (hit) return hit.code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${purpose} code in the dev outbox for ${un}`);
}

/** Registers a new account through the API (account/code → dev/sms-outbox → account/register). */
export async function registerAccount(nickname = `测试${suffix()}`): Promise<Account> {
  const un = newPhone();
  const pw = newPassword();
  await ok('account/code', { un, purpose: 'register' });
  const code = await outboxCode(un, 'register');
  const r = await ok<{ token: string; userId: number }>('account/register', { un, code, pw, nickname });
  return { un, pw, nickname, token: r.token, userId: r.userId };
}

/** company/create: a new enterprise under review, the account its main admin. */
export async function createEnterprise(
  session: Session,
  title: string,
): Promise<{ companyCode: string; status: number }> {
  return ok<{ companyCode: string; status: number }>('company/create', { title }, session);
}

function npm(): string {
  const bundled = join(dirname(process.execPath), 'npm');
  return existsSync(bundled) ? bundled : 'npm';
}

/** `npm run admin -- ...args` with the server's DATA_DIR / PORT / DATABASE_URL; returns stdout. */
export async function admin(...args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...inject('serverEnv') };
  if (!inject('serverEnv').DATABASE_URL) delete env.DATABASE_URL;
  try {
    const { stdout } = await run(npm(), ['run', '--silent', 'admin', '--', ...args], {
      cwd: ROOT,
      env,
      timeout: 60_000,
    });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`npm run admin -- ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

/** The enterprise code of a title, read from `npm run admin -- enterprises`. */
export async function enterpriseCode(title: string): Promise<{ code: string; status: string }> {
  const out = await admin('enterprises');
  const line = out.split('\n').find((l) => l.split('\t')[2] === title);
  if (!line) throw new Error(`enterprise "${title}" not in \`npm run admin -- enterprises\`:\n${out}`);
  const [code, status] = line.split('\t');
  return { code, status };
}

/** `npm run admin -- approve CODE`; returns the command's output line. */
export async function approve(code: string): Promise<string> {
  const out = (await admin('approve', code)).trim();
  if (!out.includes(code) || !/approved/.test(out)) throw new Error(`approve ${code} printed: ${out}`);
  return out;
}
