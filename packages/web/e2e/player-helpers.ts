// What the player's end-to-end tests set up through the console API: materials and approved records.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { tenantOk, type Member, type StoreTeam } from './stores-helpers';

const MEDIA = join(import.meta.dirname, '../../server/src/seed/media');

/** Uploads a file of kind material as `who` (permit, multipart) and puts it in the library. */
export async function material(who: Member, name: string): Promise<number> {
  const headers = { appid: 'pc', at: who.token, id: String(who.userId), enCode: who.enCode, roleCode: who.roleCode };
  const permit = (await fetch(`${inject('baseURL')}/api/file/signature?kind=material`, { headers }).then((r) =>
    r.json(),
  )) as { result: { permit: string } };
  const form = new FormData();
  form.append('permit', permit.result.permit);
  form.append('file', new Blob([readFileSync(join(MEDIA, name))]), name);
  const up = (await fetch(`${inject('baseURL')}/api/file/upload`, { method: 'POST', headers, body: form }).then((r) =>
    r.json(),
  )) as { ret: number; result: { id: number } };
  if (up.ret !== 0) throw new Error(`upload ${name}: ${JSON.stringify(up)}`);
  await tenantOk('file/save', { id: up.result.id, title: name }, who);
  return up.result.id;
}

export async function approved(team: StoreTeam, entity: string, body: object): Promise<number> {
  const { id } = await tenantOk<{ id: number }>(`${entity}/create`, body, team.manager);
  await tenantOk(`${entity}/apply`, { id }, team.manager);
  await tenantOk(`${entity}/examine`, { id, pass: 1 }, team.supervisor);
  return id;
}
