import { z } from 'zod';
import { defineCall } from './call.js';
import { APPLY_STATUS } from './enums.js';
import { empty, id, int, json, ok, optionalText, ownImage, text } from './fields.js';
import { listOf, paging, range } from './list.js';

export const company = z.object({
  companyId: z.number(),
  /** The enterprise code: shown to users, typed to join, sent as the `enCode` header. */
  companyCode: z.string(),
  title: z.string(),
  logo: z.string(),
  /** 0 under review, 1 approved, 2 rejected. */
  status: z.number(),
  isMain: z.number(),
  /** The enterprise's time zone (IANA name) in which its shops' days and hours are counted; on the user's list of enterprises. */
  timeZone: z.string().optional(),
  /** 1: the screens whose camera counts visitors show a "camera in use" mark (issue 26); company/info and update */
  cameraMark: z.number().optional(),
});
export type Company = z.infer<typeof company>;

/** The current enterprise as company/info and company/update answer it: with its review policy. */
export const companyInfo = company.extend({
  /** 0: the author approves their own submission when nobody else may (self-approved); 1: a second person must approve (REVIEW_POLICY). */
  reviewPolicy: z.number(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export { DEFAULT_TIME_ZONE } from './constants.js';

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

/** A role entry as the admin sees it: with its id and data range (null = the whole enterprise). */
export const memberRole = roleEntry.extend({ entryId: z.number(), range: range.nullable() });
export type MemberRole = z.infer<typeof memberRole>;

export const memberAccount = z.object({
  userId: z.number(),
  /** Masked: 138****5678. */
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  isMain: z.number(),
  /** 1 active, 0 removed. */
  status: z.number(),
  joined: z.number(),
  depts: z.array(z.string()),
  jobs: z.array(z.string()),
  roles: z.array(memberRole),
});
export type MemberAccount = z.infer<typeof memberAccount>;

export const joinApply = z.object({
  id: z.number(),
  userId: z.number(),
  phone: z.string(),
  nickname: z.string(),
  /** 201 not reviewed, 202 approved, 203 rejected. */
  status: z.number(),
  reason: z.string(),
  reviewer: z.string(),
  ctime: z.number(),
  rtime: z.number().nullable(),
});
export type JoinApply = z.infer<typeof joinApply>;

export const invitationInfo = z.object({
  title: z.string(),
  companyCode: z.string(),
  logo: z.string(),
  inviter: z.string(),
  expired: z.boolean(),
  used: z.boolean(),
  expires: z.number(),
});

const flag = int.refine((v) => v === 0 || v === 1, 'field.invalid');
const applyStatus = int.refine((v) => (Object.values(APPLY_STATUS) as number[]).includes(v), 'field.invalid');
const token = text(100);
const main = { menu: '/enterprise', main: true } as const;

/** company/set-roles: `{deptId, jobId, role}` per entry; the role comes from the job (`role` is ignored). */
export const roleSpec = z.object({ deptId: id, jobId: id, role: int.optional() });

export const companyCalls = {
  create: defineCall({
    path: 'company/create',
    auth: 'user',
    limit: 'join',
    summary: 'Create an enterprise (status 0, under review)',
    log: { entity: 'enterprise', verb: 'create' },
    body: z.object({ title: text(64), logo: ownImage }),
    result: company,
  }),
  applyJoin: defineCall({
    path: 'company/apply-join',
    auth: 'user',
    limit: 'join',
    summary: 'Apply to join an enterprise by its code',
    log: { entity: 'join-apply', verb: 'apply' },
    body: z.object({ enCode: text(32) }),
    result: z.object({ status: z.number(), title: z.string() }),
  }),
  info: defineCall({
    path: 'company/info',
    auth: 'tenant',
    summary: 'The current enterprise and its review policy',
    body: empty,
    result: companyInfo,
  }),
  update: defineCall({
    path: 'company/update',
    auth: 'tenant',
    perm: { ...main, bit: 'update' },
    summary:
      'Edit the enterprise title, logo, review policy (1 "a second person must approve": 40009 while fewer ' +
      'than two members can review) and the screens\' "camera in use" mark',
    log: { entity: 'enterprise', verb: 'update' },
    body: z.object({
      title: text(64).optional(),
      logo: ownImage,
      reviewPolicy: flag.optional(),
      cameraMark: flag.optional(),
    }),
    result: companyInfo,
  }),
  accounts: defineCall({
    path: 'company/accounts',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: 'Members with departments, jobs, role entries and data ranges',
    body: paging.extend({ keyword: optionalText(100), status: flag.optional() }),
    result: listOf(memberAccount),
  }),
  applies: defineCall({
    path: 'company/applies',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: 'Join applications (201/202/203)',
    body: paging.extend({ keyword: optionalText(100), status: applyStatus.optional() }),
    result: listOf(joinApply),
  }),
  auditJoin: defineCall({
    path: 'company/audit-join',
    auth: 'tenant',
    perm: { ...main, bit: 'examine' },
    log: { entity: 'join-apply', verb: { field: 'pass', map: { 1: 'pass', 0: 'reject' } } },
    summary:
      'Approve (pass 1: membership + role entry; default department and shop-assistant job) or reject (pass 0, reason)',
    body: z.object({ id, pass: flag, reason: optionalText(200), deptId: id.optional(), jobId: id.optional() }),
    result: joinApply,
  }),
  invite: defineCall({
    path: 'company/invite',
    auth: 'tenant',
    perm: { ...main, bit: 'create' },
    summary: 'Make an invitation link (single use, 7 days)',
    log: { entity: 'invitation', verb: 'create' },
    body: z.object({ deptId: id.optional(), jobId: id.optional() }),
    result: z.object({ token: z.string(), link: z.string(), expires: z.number() }),
  }),
  inviteInfo: defineCall({
    path: 'public/invite-info',
    auth: 'public',
    limit: 'auth',
    summary: 'What an invitation token points to',
    body: z.object({ token }),
    result: invitationInfo,
  }),
  acceptInvite: defineCall({
    path: 'company/accept-invite',
    auth: 'user',
    summary: 'Join an enterprise with an invitation token',
    log: { entity: 'membership', verb: 'create' },
    body: z.object({ token }),
    result: company,
  }),
  removeMember: defineCall({
    path: 'company/remove-member',
    auth: 'tenant',
    perm: { ...main, bit: 'delete' },
    summary: 'Remove a member (not yourself, not the main admin)',
    log: { entity: 'membership', verb: 'delete' },
    body: z.object({ userId: id }),
    result: ok,
  }),
  changeAdmin: defineCall({
    path: 'company/change-admin',
    auth: 'tenant',
    perm: { ...main, bit: 'update' },
    summary: 'Hand the main administrator to another active member',
    log: { entity: 'admin', verb: 'update' },
    body: z.object({ userId: id }),
    result: ok,
  }),
  setRoles: defineCall({
    path: 'company/set-roles',
    auth: 'tenant',
    perm: { ...main, bit: 'update' },
    log: { entity: 'member-roles', verb: 'update' },
    summary: "Replace a member's role entries; unchanged department + job keep their role node",
    body: z.object({ userId: id, roles: json(z.array(roleSpec).min(1, 'field.required').max(20, 'field.tooLong')) }),
    result: z.object({ list: z.array(memberRole) }),
  }),
};
