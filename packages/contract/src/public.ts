import { z } from 'zod';
import { defineCall } from './call.js';
import { ENTERPRISE_STATUS } from './enums.js';
import { optionalText, phone, text } from './fields.js';
import { company } from './company.js';

export const appointment = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  city: z.string(),
  stores: z.number().nullable(),
  note: z.string(),
  ctime: z.number(),
});

export const publicCalls = {
  appointment: defineCall({
    path: 'public/appointment',
    auth: 'public',
    limit: 'auth',
    summary: 'Book a demo',
    body: z.object({
      name: text(32),
      phone,
      company: text(64),
      city: optionalText(32),
      stores: z.coerce.number().int().min(0).max(1_000_000).optional(),
      note: optionalText(500),
    }),
    result: z.object({ id: z.number() }),
  }),
  smsOutbox: defineCall({
    path: 'dev/sms-outbox',
    auth: 'public',
    summary: 'Development only: the last codes sent to a phone',
    body: z.object({ un: phone }),
    result: z.object({ list: z.array(z.object({ code: z.string(), purpose: z.string(), ctime: z.number() })) }),
  }),
};

const enterpriseRow = company.omit({ isMain: true }).extend({ creator: z.string(), ctime: z.number() });

/** The platform operator's calls (loopback only, secret in DATA_DIR). */
export const operatorCalls = {
  enterprises: defineCall({
    path: 'operator/enterprises',
    auth: 'operator',
    summary: 'All enterprises',
    body: z.object({}),
    result: z.object({ list: z.array(enterpriseRow) }),
  }),
  approve: defineCall({
    path: 'operator/approve',
    auth: 'operator',
    summary: 'Approve an enterprise',
    body: z.object({ code: text(32) }),
    result: enterpriseRow,
  }),
  reject: defineCall({
    path: 'operator/reject',
    auth: 'operator',
    summary: 'Reject an enterprise',
    body: z.object({ code: text(32) }),
    result: enterpriseRow,
  }),
  appointments: defineCall({
    path: 'operator/appointments',
    auth: 'operator',
    summary: 'Demo bookings',
    body: z.object({}),
    result: z.object({ list: z.array(appointment) }),
  }),
};
export const OPERATOR_STATUS = ENTERPRISE_STATUS;
