import { describe, expect, it } from 'vitest';
import zhCommon from '../locales/zh-CN/common.json';
import enCommon from '../locales/en-US/common.json';
import zhPublic from '../locales/zh-CN/public.json';
import enPublic from '../locales/en-US/public.json';
import zhIntroduce from '../locales/zh-CN/introduce.json';
import enIntroduce from '../locales/en-US/introduce.json';

// /introduce and the console name the three roles the same way (issue 8 §4: the public page said
// 主管 where the console says 督导).
describe('role names', () => {
  for (const [lang, common, pub, intro] of [
    ['zh-CN', zhCommon, zhPublic, zhIntroduce],
    ['en-US', enCommon, enPublic, enIntroduce],
  ] as const) {
    it(`are the same on /introduce and in the console (${lang})`, () => {
      const { roles } = intro;
      expect([roles.assistant.title, roles.manager.title, roles.supervisor.title]).toEqual([
        common.roleName['1'],
        common.roleName['2'],
        common.roleName['3'],
      ]);
      // the reviewers named in the texts are the supervisor role
      if (lang === 'zh-CN') expect(JSON.stringify([pub, intro])).not.toMatch(/主管(?!理)/);
    });
  }
});
