import { COMMAND_ACTIONS, type CommandAction } from '@vitrine/contract';

/** A live device token's device and its effective settings (device_auth). */
export type AuthRow = {
  enterpriseId: number;
  deviceId: number;
  shopId: number;
  timezone: string;
  name: string;
  type: string;
  orientation: number;
  volume: number;
  ai: number;
  /** the enterprise's "camera in use" mark (1 shown) */
  cameraMark: number;
};

/** One device of a heartbeat batch (device_heartbeat): as AuthRow, with its unacknowledged commands in order. */
export type HeartbeatRow = AuthRow & {
  commands: { id: number; seq: number; action: string; params: Record<string, unknown>; ctime: number }[];
};

const ACTIONS = new Set<string>(COMMAND_ACTIONS);

/** The commands of a device_heartbeat row as a device receives them (heartbeat answer and live `commands`). */
export const commandsOf = (dev: HeartbeatRow) =>
  dev.commands.filter((c) => ACTIONS.has(c.action)).map((c) => ({ ...c, action: c.action as CommandAction }));
