import { z } from 'zod';
import { defineCall } from './call.js';
import { empty, optionalText, text } from './fields.js';

export const company = z.object({
  companyId: z.number(),
  /** The enterprise code: shown to users, typed to join, sent as the `enCode` header. */
  companyCode: z.string(),
  title: z.string(),
  logo: z.string(),
  /** 0 under review, 1 approved, 2 rejected. */
  status: z.number(),
  isMain: z.number(),
});
export type Company = z.infer<typeof company>;

export const roleEntry = z.object({
  deptId: z.number(),
  deptName: z.string(),
  role: z.number(),
  roleName: z.string(),
  roleNode: z.string(),
  jobId: z.number(),
  jobName: z.string(),
});
export type RoleEntry = z.infer<typeof roleEntry>;

export const companyCalls = {
  create: defineCall({
    path: 'company/create', auth: 'user', summary: 'Create an enterprise (status 0, under review)',
    body: z.object({ title: text(64), logo: optionalText(300) }), result: company,
  }),
  applyJoin: defineCall({
    path: 'company/apply-join', auth: 'user', summary: 'Apply to join an enterprise by its code',
    body: z.object({ enCode: text(32) }), result: z.object({ status: z.number(), title: z.string() }),
  }),
  info: defineCall({ path: 'company/info', auth: 'tenant', summary: 'The current enterprise', body: empty, result: company }),
};
