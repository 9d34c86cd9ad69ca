// Every message the server can send, in both languages. The spec's Chinese texts are verbatim.
export const BASE_MESSAGES = {
  ok: { zh: '成功', en: 'OK' },
  'auth.invalid': { zh: '验证失败', en: 'Verification failed' },
  'auth.tenant': { zh: '鉴权失败，页面刷新', en: 'Authorization failed, refreshing the page' },
  'auth.badCredentials': { zh: '手机号或密码错误', en: 'Wrong phone number or password' },
  'auth.throttled': { zh: '尝试次数过多，请稍后再试', en: 'Too many attempts, please try again later' },
  'phone.empty': { zh: '手机号不能为空', en: 'Phone number is required' },
  'phone.format': { zh: '手机格式不正确', en: 'Phone number format is incorrect' },
  'phone.taken': { zh: '该手机号已注册', en: 'This phone number is already registered' },
  'phone.unknown': { zh: '该手机号未注册', en: 'This phone number is not registered' },
  'password.length': { zh: '密码长度为8到64个字符', en: 'Password must be 8 to 64 characters' },
  'password.common': { zh: '密码过于常见，请换一个', en: 'This password is too common, please choose another' },
  'password.wrong': { zh: '原密码不正确', en: 'The current password is incorrect' },
  'password.none': {
    zh: '该账号尚未设置密码，请使用验证码登录',
    en: 'No password is set for this account; sign in with an SMS code',
  },
  'code.format': { zh: '验证码为6位数字', en: 'The code is 6 digits' },
  'code.invalid': { zh: '验证码错误或已过期', en: 'The code is wrong or has expired' },
  'code.tooSoon': { zh: '发送过于频繁，请60秒后再试', en: 'Please wait 60 seconds before requesting another code' },
  'code.dailyCap': { zh: '今日验证码发送次数已达上限', en: 'Daily limit of SMS codes reached' },
  'field.required': { zh: '此项不能为空', en: 'This field is required' },
  'field.invalid': { zh: '格式不正确', en: 'Invalid value' },
  'field.tooLong': { zh: '内容过长', en: 'Too long' },
  'field.unknown': { zh: '不支持的字段', en: 'Unknown field' },
  'field.tooDeep': { zh: '嵌套层级过深', en: 'Nested too deeply' },
  'validation.failed': { zh: '参数校验失败', en: 'Validation failed' },
  forbidden: { zh: '暂无权限', en: 'No permission' },
  'forbidden.notMain': { zh: '仅企业主管理员可以操作', en: 'Only the main administrator can do this' },
  notFound: { zh: '记录不存在', en: 'Not found' },
  'notFound.route': { zh: '接口不存在', en: 'No such call' },
  'notFound.enterprise': { zh: '企业不存在', en: 'No such enterprise' },
  'enterprise.review': {
    zh: '企业处于待审核状态，无法进入',
    en: 'The enterprise is under review and cannot be entered',
  },
  'enterprise.rejected': { zh: '企业审核未通过', en: 'The enterprise was not approved' },
  'enterprise.alreadyMember': { zh: '您已是该企业成员', en: 'You are already a member of this enterprise' },
  'enterprise.alreadyApplied': { zh: '已提交申请，请等待审核', en: 'You have already applied; please wait for review' },
  'enterprise.noRoles': { zh: '用户在该企业下没有配置角色', en: 'The user has no role in this enterprise' },
  tooLarge: { zh: '内容过大', en: 'Payload too large' },
  tooMany: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  internal: { zh: '服务器内部错误', en: 'Internal server error' },
  timeout: {
    zh: '查询耗时过长，请缩小时间范围或筛选条件后重试',
    en: 'The request took too long: narrow the period or the filters and try again',
  },
  devOnly: { zh: '仅开发环境可用', en: 'Available in development only' },
  localOnly: { zh: '仅限本机访问', en: 'Local access only' },
} as const satisfies Record<string, { zh: string; en: string }>;

/**
 * A message of this file alone (the console's own: field rules, sign-in, enterprise states): the
 * console imports it instead of `message`, so the server's whole catalogue stays out of its bundle.
 */
export function baseMessage(key: string, lang: 'zh' | 'en'): string {
  const entry = (BASE_MESSAGES as Record<string, { zh: string; en: string }>)[key];
  return entry ? entry[lang] : key;
}
