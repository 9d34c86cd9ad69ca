// Server messages of the devices area and the device API, in both languages.
export const DEVICES_MESSAGES = {
  'device.codeTaken': { zh: '设备编号已存在', en: 'A device with this code already exists' },
  'device.notEnabled': {
    zh: '只能控制已启用且未删除的设备',
    en: 'Only enabled devices that are not deleted can be controlled',
  },
  'device.noneMatched': { zh: '没有符合条件的设备', en: 'No device matches this filter' },
  'device.activation.invalid': { zh: '设备编号或激活码错误', en: 'Wrong device code or activation code' },
  'device.activation.throttled': {
    zh: '该网络地址激活码错误次数过多，请15分钟后再试',
    en: 'Too many wrong activation codes from this address; try again in 15 minutes',
  },
  'device.activation.notEnabled': {
    zh: '设备未启用，无法激活',
    en: 'The device is not enabled and cannot be activated',
  },
  'device.batch.tooMany': { zh: '每批最多500条事件', en: 'At most 500 events per batch' },
  'device.command.notFound': { zh: '指令不存在', en: 'No such command' },
  'device.command.notScreenshot': { zh: '该指令不是截屏指令', en: 'This command is not a screenshot command' },
  'device.command.closed': { zh: '指令已过期', en: 'The command has expired' },
  'device.screenshot.type': { zh: '截屏须为png、jpg或webp图片', en: 'A screenshot must be a png, jpg or webp image' },
  'device.screenshot.taken': { zh: '该截屏指令已收到截屏', en: 'This screenshot command already has its screenshot' },
  'device.screenshot.tooLarge': { zh: '截屏不能超过2MB', en: 'A screenshot must not exceed 2 MB' },
  'device.file.notFound': { zh: '文件不存在', en: 'No such file' },
  'device.event.duplicateInBatch': { zh: '同一批中事件编号重复', en: 'The same event id appears twice in this batch' },
  'device.event.future': { zh: '事件时间晚于当前时间', en: 'The event time is in the future' },
  'device.event.tooOld': { zh: '事件时间超过90天', en: 'The event is more than 90 days old' },
  'device.event.invalid': { zh: '事件格式不正确', en: 'The event is malformed' },
  // offline alerts (messages to the shop's manager and supervisors in range)
  'device.alert.offline.title': { zh: '门店“{shop}”有{count}台设备离线', en: '{count} device(s) offline at “{shop}”' },
  'device.alert.offline.body': { zh: '离线设备：{devices}', en: 'Offline devices: {devices}' },
  'device.alert.online.title': { zh: '门店“{shop}”的设备已恢复在线', en: 'Devices at “{shop}” are back online' },
  'device.alert.online.body': { zh: '恢复在线：{devices}', en: 'Back online: {devices}' },
} as const satisfies Record<string, { zh: string; en: string }>;
