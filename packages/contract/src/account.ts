import { z } from 'zod';
import { defineCall } from './call.js';
import { SMS_PURPOSES } from './enums.js';
import { empty, id, json, ok, ownImage, password, phone, smsCode, text } from './fields.js';
import { company, roleEntry } from './company.js';
import { menuItem } from './menu.js';

export const loginResult = z.object({
  token: z.string(),
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
});

export const userInfo = z.object({
  userId: z.number(),
  userName: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** 1 when the user is main admin of the enterprise named by the request's enCode. */
  isMain: z.number(),
  companyList: z.array(company),
});
export type UserInfo = z.infer<typeof userInfo>;

/** One login (session) of mine; times in Unix seconds. */
export const loginItem = z.object({
  id: z.number(),
  ctime: z.number(),
  lastSeen: z.number(),
  ip: z.string(),
  source: z.string(),
  /** the session making this request */
  current: z.boolean(),
  /** not signed out, not expired */
  active: z.boolean(),
});

const purpose = z.enum(SMS_PURPOSES, { error: 'field.invalid' });
const exists = z.object({ exists: z.boolean() });

export const account = {
  code: defineCall({
    path: 'account/code',
    auth: 'public',
    limit: 'sms',
    summary: 'Send an SMS code',
    body: z.object({ un: phone, purpose: purpose.default('login') }),
    /** devCode: in development, to a caller on the server's own machine only, the code itself (issue 8 §1) */
    result: z.object({ resendIn: z.number(), devCode: z.string().optional() }),
  }),
  checkCode: defineCall({
    path: 'account/check-code',
    auth: 'public',
    limit: 'auth',
    summary: 'Check a code without consuming it',
    body: z.object({ un: phone, code: smsCode, purpose: purpose.default('login') }),
    result: z.object({ valid: z.boolean() }),
  }),
  register: defineCall({
    path: 'account/register',
    auth: 'public',
    limit: 'auth',
    summary: 'Register with an SMS code',
    body: z.object({ un: phone, code: smsCode, pw: password, nickname: text(32) }),
    result: loginResult,
  }),
  login: defineCall({
    path: 'account/login',
    auth: 'public',
    limit: 'auth',
    summary: 'Password login (form fields un, pw)',
    body: z.object({
      un: phone,
      pw: z.string({ error: 'field.required' }).min(1, 'field.required').max(128, 'field.tooLong'),
    }),
    result: loginResult,
  }),
  loginSms: defineCall({
    path: 'account/login-sms',
    auth: 'public',
    limit: 'auth',
    summary: 'SMS-code login',
    body: z.object({ un: phone, code: smsCode }),
    result: loginResult,
  }),
  exists: defineCall({
    path: 'account/exists',
    auth: 'public',
    limit: 'auth',
    summary: 'Whether a phone is registered',
    body: z.object({ un: phone }),
    result: exists,
  }),
  passwordExists: defineCall({
    path: 'account/password-exists',
    auth: 'public',
    limit: 'auth',
    summary: 'Whether a password is set',
    body: z.object({ un: phone }),
    result: exists,
  }),
  resetPassword: defineCall({
    path: 'account/reset-password',
    auth: 'public',
    limit: 'auth',
    summary: 'Reset the password with an SMS code',
    body: z.object({ un: phone, code: smsCode, pw: password }),
    result: ok,
  }),
  session: defineCall({
    path: 'account/session',
    auth: 'user',
    summary: 'Who the token belongs to (checks a token; reads no table past the session)',
    body: empty,
    result: z.object({ userId: z.number(), userName: z.string(), nickName: z.string() }),
  }),
  logout: defineCall({
    path: 'account/logout',
    auth: 'user',
    summary: 'Sign out (revokes the token)',
    body: empty,
    result: ok,
  }),
  info: defineCall({
    path: 'account/info',
    auth: 'user',
    summary: 'Account info (isMain for the enterprise named by enCode, in the body or else the header)',
    body: z.object({ enCode: z.string().max(32).optional() }),
    result: userInfo,
  }),
  update: defineCall({
    path: 'account/update',
    auth: 'user',
    summary: 'Update nickname and avatar',
    body: z.object({ nickname: text(32).optional(), avatar: ownImage }),
    result: userInfo,
  }),
  changePassword: defineCall({
    path: 'account/change-password',
    auth: 'user',
    limit: 'auth',
    summary: 'Change password (old password or SMS code)',
    body: z.object({ oldPw: z.string().max(128).optional(), code: smsCode.optional(), pw: password }),
    result: ok,
  }),
  menu: defineCall({
    path: 'account/menu',
    auth: 'tenant',
    summary: 'Permission menu of the current enterprise and role',
    body: empty,
    result: z.object({ menuInfo: z.array(menuItem), userInfo }),
  }),
  menuV2: defineCall({
    path: 'account/menu-v2',
    auth: 'tenant',
    summary: 'Permission menu (v2: same shape, flat list with pid)',
    body: empty,
    result: z.object({ menuInfo: z.array(menuItem), userInfo }),
  }),
  names: defineCall({
    path: 'account/names',
    auth: 'tenant',
    summary: 'Names of users of the current enterprise',
    body: z.object({ ids: json(z.array(id).max(500, 'field.tooLong')) }),
    result: z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) }),
  }),
  roles: defineCall({
    path: 'account/roles',
    auth: 'user',
    summary: "The user's role entries in one enterprise (enCode in the body, else the header every request carries)",
    body: z.object({ enCode: z.string().trim().max(32, 'field.tooLong').optional() }),
    result: z.object({ list: z.array(roleEntry) }),
  }),
  // Personal center (issue 3)
  changePhone: defineCall({
    path: 'account/change-phone',
    auth: 'user',
    limit: 'auth',
    summary:
      "Change the account's phone: `un` the new phone, `code` sent to it (account/code, purpose bind); refuses a registered phone",
    body: z.object({ un: phone, code: smsCode }),
    result: ok,
  }),
  logins: defineCall({
    path: 'account/logins',
    auth: 'user',
    summary: 'My recent logins (sessions): time, last seen, ip, source, current, active',
    body: empty,
    result: z.object({ list: z.array(loginItem) }),
  }),
};
