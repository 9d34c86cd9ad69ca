// Server messages of the enterprise area, in both languages.
export const ENTERPRISE_MESSAGES = {
  'dept.hasMembers': {
    zh: '该部门下还有成员，无法删除',
    en: 'This department still has members and cannot be deleted',
  },
  'dept.hasChildren': {
    zh: '该部门下还有子部门，无法删除',
    en: 'This department still has sub-departments and cannot be deleted',
  },
  'dept.cycle': {
    zh: '不能将部门移动到其自身或其下级部门之下',
    en: 'A department cannot be moved under itself or one of its sub-departments',
  },
  'dept.last': { zh: '企业至少需要保留一个部门', en: 'The enterprise must keep at least one department' },
  'job.hasMembers': { zh: '该岗位下还有成员，无法删除', en: 'Members still hold this job; it cannot be deleted' },
  'job.last': { zh: '企业至少需要保留一个岗位', en: 'The enterprise must keep at least one job' },
  'menu.pathTaken': { zh: '该菜单路径已存在', en: 'A menu with this path already exists' },
  'menu.cycle': {
    zh: '不能将菜单移动到其自身或其下级菜单之下',
    en: 'A menu cannot be moved under itself or one of its children',
  },
  'enterprise.reviewPolicyAlone': {
    zh: '只有一名成员可以审核，开启“需第二人审核”后其提交将无人能审核：请先在“权限”中为另一名成员开通审核权限',
    en:
      'Only one member can review: with "A second person must approve" on, nobody could approve their ' +
      'submissions. Give another member the examine right first (Permissions)',
  },
  'apply.decided': { zh: '该申请已处理，不能重复审核', en: 'This application has already been decided' },
  'apply.reasonRequired': { zh: '驳回时请填写原因', en: 'A reason is required to reject' },
  'member.notMember': { zh: '该用户不是本企业的有效成员', en: 'This user is not an active member of this enterprise' },
  'member.self': { zh: '不能对自己执行此操作', en: 'You cannot do this to yourself' },
  'member.main': { zh: '不能移除企业主管理员', en: 'The main administrator cannot be removed' },
  'member.alreadyMain': { zh: '该成员已是企业主管理员', en: 'This member is already the main administrator' },
  'roles.duplicate': {
    zh: '角色重复：同一部门和岗位只能设置一次',
    en: 'Duplicate role: each department and job may appear once',
  },
  'invite.invalid': { zh: '邀请链接无效', en: 'This invitation link is not valid' },
  'invite.expired': { zh: '邀请链接已过期', en: 'This invitation link has expired' },
  'invite.used': { zh: '邀请链接已被使用', en: 'This invitation link has already been used' },
  'invite.closed': { zh: '该企业当前无法加入', en: 'This enterprise cannot be joined at the moment' },
} as const satisfies Record<string, { zh: string; en: string }>;
