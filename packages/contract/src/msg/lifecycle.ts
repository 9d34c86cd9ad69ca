// Server messages of the lifecycle area, in both languages.
export const LIFECYCLE_MESSAGES = {
  'lifecycle.notDraft': { zh: '只有草稿或被驳回的记录可以修改', en: 'Only drafts and rejected records can be edited' },
  'lifecycle.submitted': {
    zh: '该记录已提交审核，审核完成前不能修改',
    en: 'This record is waiting for review and cannot be changed until it is reviewed',
  },
  'lifecycle.notSubmittable': {
    zh: '只有草稿或被驳回的记录可以提交审核',
    en: 'Only drafts and rejected records can be submitted for review',
  },
  'lifecycle.notSubmitted': { zh: '该记录不在待审核状态，无法审核', en: 'This record is not waiting for review' },
  'lifecycle.alreadyExamined': {
    zh: '该记录已被其他审核人处理',
    en: 'Another reviewer has already examined this record',
  },
  'lifecycle.ownSubmission': { zh: '不能审核自己提交的记录', en: 'You cannot examine your own submission' },
  'lifecycle.reasonRequired': { zh: '驳回时请填写原因', en: 'A reason is required to reject' },
  'lifecycle.notAuthor': { zh: '只有作者本人可以操作自己的草稿', en: 'Only the author can act on their own draft' },
  'lifecycle.notEnabled': { zh: '该记录尚未审核通过启用', en: 'This record has not been approved and enabled yet' },
  'lifecycle.deleted': { zh: '该记录已删除，请先恢复', en: 'This record is deleted; recover it first' },
  'lifecycle.notDeleted': { zh: '该记录未被删除，无需恢复', en: 'This record is not deleted' },
  'lifecycle.alreadyOnline': { zh: '该记录已上线', en: 'This record is already online' },
  'lifecycle.alreadyOffline': { zh: '该记录已下线', en: 'This record is already offline' },
  'lifecycle.noDraft': { zh: '该记录没有草稿', en: 'This record has no draft' },
  'lifecycle.draftDeleted': {
    zh: '该记录的草稿在回收站中，请先恢复',
    en: "This record's draft is in the recycle bin; recover it first",
  },
  'lifecycle.draftNotDeleted': { zh: '该草稿未被删除，无需恢复', en: 'This draft is not deleted' },
  'lifecycle.outOfRange': { zh: '该记录不在您的数据范围内', en: 'This record is outside your data range' },
  'lifecycle.targetUnknown': { zh: '投放目标中有不存在的门店或设备', en: 'A target shop or device does not exist' },
  'lifecycle.targetsEmpty': { zh: '请至少选择一个区域、门店或设备', en: 'Choose at least one area, shop or device' },
  'lifecycle.noReviewer': {
    zh: '没有可以审核该记录的成员：请企业管理员在“企业管理 › 权限”中为数据范围覆盖它的成员开通审核权限',
    en:
      'Nobody can review this record: the enterprise admin can give the examine right to a member whose ' +
      'data range covers it (Enterprise management › Permissions)',
  },
  'lifecycle.secondReviewer': {
    zh: '本企业要求由另一名成员审核，但没有其他成员可以审核该记录：请企业管理员在“企业管理 › 权限”中为另一名成员开通审核权限，或在“企业信息”中关闭“需第二人审核”',
    en:
      'This enterprise requires a second person to approve, but nobody else can review this record: the ' +
      'enterprise admin can give another member the examine right (Enterprise management › Permissions) or ' +
      'turn off "A second person must approve" (Enterprise management › Enterprise)',
  },
  'lifecycle.review.request': {
    zh: '有新的{entity}待审核：{title}',
    en: 'Waiting for your review: {entity} “{title}”',
  },
  'lifecycle.review.passed': { zh: '您提交的{entity}已审核通过：{title}', en: 'Your {entity} was approved: {title}' },
  'lifecycle.review.rejected': { zh: '您提交的{entity}被驳回：{title}', en: 'Your {entity} was rejected: {title}' },
} as const satisfies Record<string, { zh: string; en: string }>;
