// Server messages of the devices area, in both languages.
export const DEVICES_MESSAGES = {
  'device.codeTaken': { zh: '设备编号已存在', en: 'A device with this code already exists' },
  'device.notEnabled': { zh: '只能控制已启用且未删除的设备', en: 'Only enabled devices that are not deleted can be controlled' },
  'device.noneMatched': { zh: '没有符合条件的设备', en: 'No device matches this filter' },
} as const satisfies Record<string, { zh: string; en: string }>;
