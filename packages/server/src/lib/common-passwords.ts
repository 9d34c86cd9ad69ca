// A short block list of the passwords most often seen in leaks (8+ characters only), lower case.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '00000000', '11111111', '11223344', '123123123', '12341234', '12344321', '12345678', '123456789',
  '1234567890', '12345678910', '123456789a', '1234abcd', '1234qwer', '123abc123', '123qweasd', '12qwaszx',
  '147258369', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '22222222', '33333333', '44444444', '5201314520',
  '55555555', '66666666', '77777777', '88888888', '987654321', '99999999', 'a1234567', 'a123456789',
  'aa123456', 'aaaaaaaa', 'abc123456', 'abcd1234', 'abcdefg1', 'abcdefgh', 'admin123', 'administrator',
  'alibaba123', 'asdf1234', 'asdfghjk', 'baidu123', 'baseball', 'batman123', 'beijing123', 'changeme',
  'changeme1', 'computer', 'default1', 'dragon123', 'football', 'huawei123', 'iloveyou', 'iloveyou1',
  'internet', 'jennifer', 'letmein1', 'li123456', 'master123', 'michael1', 'monkey123', 'p@ssw0rd',
  'p@ssword', 'passw0rd', 'password', 'password1', 'password1!', 'password123', 'princess', 'qazwsxedc',
  'qq123456', 'qweasdzxc', 'qwer1234', 'qwerty123', 'qwertyuiop', 'shadow12', 'shanghai', 'sunshine',
  'superman', 'taobao123', 'tencent123', 'trustno1', 'vitrine1', 'vitrine123', 'wang1234', 'welcome1',
  'welcome123', 'woaini1314', 'woaini520', 'xiaomi123', 'zaq12wsx', 'zhang123', 'zxcvbnm1',
]);
