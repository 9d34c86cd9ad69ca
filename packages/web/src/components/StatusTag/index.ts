export { StatusTag, DeviceStatusTag } from './StatusTag';
export { STATUS_WORDS, DEVICE_STATUS_WORDS, DEVICE_STATUS_COLORS, type StatusWord } from './statusWords';
