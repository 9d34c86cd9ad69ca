import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { Dayjs } from 'dayjs';
import { DEFAULT_TIME_ZONE } from '@vitrine/contract/constants';
import { appStore } from '../state/app';
import { dayjs } from './dayjs';

// Times in the enterprise's zone everywhere (issue 25 §5): a deadline reads the same on /inform as
// in the reminder the server sends, whatever zone the browser is in. Pickers show and take the
// enterprise's wall clock too.
dayjs.extend(utc);
dayjs.extend(timezone);

export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
export const enterpriseZone = (): string => appStore.get().activeCom.timeZone || DEFAULT_TIME_ZONE;

/** Unix seconds as a moment in the enterprise's zone. */
export const inZone = (seconds: number): Dayjs => dayjs.unix(seconds).tz(enterpriseZone());
export const formatTime = (s: number | null | undefined): string => (s ? inZone(s).format('YYYY-MM-DD HH:mm') : '—');
export const formatDate = (s: number | null | undefined): string => (s ? inZone(s).format('YYYY-MM-DD') : '—');

/** For a picker: the enterprise's wall clock at `seconds`, as a plain (browser-zone) value the picker shows as is. */
export const toPicker = (seconds: number): Dayjs => dayjs(inZone(seconds).format('YYYY-MM-DD HH:mm:ss'));
/** From a picker: the wall clock it shows, read in the enterprise's zone, as Unix seconds. */
export const fromPicker = (d: Dayjs): number => dayjs.tz(d.format('YYYY-MM-DD HH:mm:ss'), enterpriseZone()).unix();
