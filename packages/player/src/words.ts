// The player's few words: Chinese with English beside it (a screen has no language setting).
const WORDS = {
  activateHint: '在控制台的设备详情中查看设备编号和激活码 · Find the device code and activation code in the console',
  deviceCode: '设备编号 Device code',
  activationCode: '激活码 Activation code',
  activate: '激活 Activate',
  offline: '无法连接服务器，请检查网络 · The server cannot be reached',
  cameraInUse: '摄像头计数中，不保存图像 · Camera counting visitors, no images kept',
  deactivated: '设备已停用，请重新激活 · This screen was deactivated; activate it again',
} as const;

export const word = (key: keyof typeof WORDS) => WORDS[key];
