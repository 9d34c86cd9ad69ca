// Server messages of the inbox (messages) area, in both languages, and the texts of the messages
// events deliver. A message is stored as a catalogue key plus parameters and rendered in the
// reader's language when read (msg/render.ts); `{name}` marks a parameter.
export const INBOX_MESSAGES = {
  'message.notFound': { zh: '消息不存在', en: 'No such message' },
  /** Free text typed by a person (a rejection reason): the same in every language. */
  'message.text': { zh: '{text}', en: '{text}' },
  /** Rows stored before messages were keys (migration 0020): the text each language had then. */
  'message.legacy': { zh: '{zh}', en: '{en}' },
  'message.enterpriseApproved': { zh: '企业「{title}」已通过审核', en: '{title} was approved' },
  'message.enterpriseApproved.body': {
    zh: '现在可以进入企业，邀请成员并开始使用。',
    en: 'You can now enter the enterprise, invite members and start.',
  },
  'message.enterpriseRejected': { zh: '企业「{title}」未通过审核', en: '{title} was not approved' },
  'message.enterpriseRejected.body': {
    zh: '如有疑问请联系平台运营。',
    en: 'Contact the platform operator if you have questions.',
  },
  'message.joinApplied': { zh: '{who} 申请加入企业', en: '{who} applied to join' },
  'message.joinApplied.body': {
    zh: '手机号 {phone} 申请加入「{title}」，请在企业管理中审核。',
    en: '{phone} applied to join {title}. Review it in enterprise management.',
  },
  'message.joinApproved': {
    zh: '您加入企业「{title}」的申请已通过',
    en: 'Your application to join {title} was approved',
  },
  'message.joinApproved.body': {
    zh: '现在可以切换到该企业开始使用。',
    en: 'You can now switch to this enterprise and start.',
  },
  'message.joinRejected': {
    zh: '您加入企业「{title}」的申请未通过',
    en: 'Your application to join {title} was rejected',
  },
  'message.joinRejected.body': { zh: '原因：{reason}', en: 'Reason: {reason}' },
  'message.inviteAccepted': { zh: '{who} 已通过邀请加入企业', en: '{who} joined through an invitation' },
  'message.inviteAccepted.body': {
    zh: '{who} 接受邀请，加入了「{title}」。',
    en: '{who} accepted the invitation and joined {title}.',
  },
  'message.memberRemoved': { zh: '您已被移出企业「{title}」', en: 'You were removed from {title}' },
  'message.memberRemoved.body': {
    zh: '您在该企业的角色已失效，如有疑问请联系企业管理员。',
    en: 'Your roles in this enterprise no longer apply. Contact its administrator if you have questions.',
  },
  'message.madeAdmin': { zh: '您已成为企业「{title}」的主管理员', en: 'You are now the main administrator of {title}' },
  'message.rolesChanged': { zh: '您在企业「{title}」的角色已变更', en: 'Your roles in {title} changed' },
  'message.rolesChanged.body': { zh: '当前角色：{roles}', en: 'Your roles now: {roles}' },
} as const satisfies Record<string, { zh: string; en: string }>;
