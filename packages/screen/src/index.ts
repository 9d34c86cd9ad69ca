export * from './model';
export { Screen, STAGE, type ScreenProps } from './Screen';
export type { ScreenLang } from './words';
