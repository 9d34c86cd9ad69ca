/** /register_succeed?flag=… (spec §2): 1 = enterprise created, 2 = join requested. */
export type SucceedFlag = 'created' | 'joinRequested' | 'unknown';

export function parseFlag(flag: string | null): SucceedFlag {
  if (flag === '1') return 'created';
  if (flag === '2') return 'joinRequested';
  return 'unknown';
}

/** What /register hands over in navigation state, when it has it (absent after a reload). */
export type SucceedState = { title?: string; code?: string };

export function readSucceedState(state: unknown): SucceedState {
  if (!state || typeof state !== 'object') return {};
  const { title, code } = state as Record<string, unknown>;
  return {
    title: typeof title === 'string' ? title : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}
