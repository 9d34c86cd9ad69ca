// The contract's schemas that forms check input against (rules.ts), in a module of their own so that
// they are fetched when a form first validates rather than with the page (ADR 0101).
export { api, password, phone, smsCode } from '@vitrine/contract';
