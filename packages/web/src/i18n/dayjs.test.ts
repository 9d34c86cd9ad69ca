import { afterAll, describe, expect, it } from 'vitest';
import { dayjs } from './dayjs';
import { i18n } from './index';

// dayjs left the first screen (decisions/0101): its locale follows the interface from i18n's event.
describe('dayjs', () => {
  afterAll(() => i18n.changeLanguage('zh-CN'));

  it('speaks the interface language, and follows a switch', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2025-03-03').format('MMMM dddd')).toBe('三月 星期一');
    await i18n.changeLanguage('en-US');
    expect(dayjs.locale()).toBe('en');
    expect(dayjs('2025-03-03').format('MMMM dddd')).toBe('March Monday');
  });
});
