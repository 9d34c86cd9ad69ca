// Query keys from one factory (CONVENTIONS: Medusa's query-key-factory).
export const keys = {
  stats: {
    all: ['stats'] as const,
    pa: (body: object) => ['stats', 'pa', body] as const,
    sale: (body: object) => ['stats', 'sale', body] as const,
    ad: (body: object) => ['stats', 'ad', body] as const,
    pdt: (body: object) => ['stats', 'pdt', body] as const,
    comm: (body: object) => ['stats', 'comm', body] as const,
    home: () => ['stats', 'home'] as const,
  },
  account: {
    all: ['account'] as const,
    info: () => ['account', 'info'] as const,
    allMenus: ['account', 'menu'] as const,
    menu: (enCode: string, roleNode: string) => ['account', 'menu', enCode, roleNode] as const,
    roles: (enCode: string) => ['account', 'roles', enCode] as const,
    logins: () => ['account', 'logins'] as const,
  },
  company: {
    all: ['company'] as const,
    info: () => ['company', 'info'] as const,
    allAccounts: ['company', 'accounts'] as const,
    accounts: (filter: object) => ['company', 'accounts', filter] as const,
    applies: (filter: object) => ['company', 'applies', filter] as const,
  },
  dept: {
    all: ['dept'] as const,
    list: () => ['dept', 'list'] as const,
    employees: (id: number, pageNum: number) => ['dept', 'employees', id, pageNum] as const,
  },
  job: {
    all: ['job'] as const,
    list: () => ['job', 'list'] as const,
  },
  permission: {
    all: ['permission'] as const,
    list: () => ['permission', 'list'] as const,
    roleMenus: (jobId: number) => ['permission', 'role-menus', jobId] as const,
  },
  oplog: {
    all: ['oplog'] as const,
    list: (filter: object) => ['oplog', 'list', filter] as const,
  },
  message: {
    all: ['message'] as const,
    list: (filter: object) => ['message', 'list', filter] as const,
    info: (id: number) => ['message', 'info', id] as const,
    unread: (enCode: string) => ['message', 'unread', enCode] as const,
  },
  geo: {
    all: ['geo'] as const,
    tree: (kind: string, id: string) => ['geo', 'tree', kind, id] as const,
    regions: (pid: string | undefined) => ['geo', 'regions', pid] as const,
    shops: (keyword: string) => ['geo', 'shops', keyword] as const,
    count: (kind: string, range: object) => ['geo', 'count', kind, range] as const,
  },
  /** Lifecycle entities (shop, et, employee, member, device): list per tab, record, versions, log. */
  lifecycle: {
    all: (entity: string) => ['lifecycle', entity] as const,
    list: (entity: string, tab: string, filter: object) => ['lifecycle', entity, 'list', tab, filter] as const,
    detail: (entity: string, id: number) => ['lifecycle', entity, 'detail', id] as const,
    history: (entity: string, id: number) => ['lifecycle', entity, 'history', id] as const,
    logs: (entity: string, id: number, pageNum: number) => ['lifecycle', entity, 'logs', id, pageNum] as const,
  },
  device: {
    all: ['device'] as const,
    allCommands: ['device', 'commands'] as const,
    commandsOf: (id: number) => ['device', 'commands', id] as const,
    commands: (id: number, pageNum: number) => ['device', 'commands', id, pageNum] as const,
    activation: (id: number) => ['device', 'activation', id] as const,
    history: (id: number) => ['device', 'history', id] as const,
  },
  material: {
    all: ['material'] as const,
    list: (filter: object) => ['material', 'list', filter] as const,
  },
  /** What a member received (inform / inform2), and the receipts of a sent record. */
  inform: {
    allReceived: (entity: string) => ['inform', entity, 'received'] as const,
    received: (entity: string, pending: boolean, pageNum: number) =>
      ['inform', entity, 'received', pending, pageNum] as const,
    receipts: (entity: string, id: number | undefined, state: unknown, pageNum: number) =>
      ['inform', entity, 'receipts', id, state, pageNum] as const,
  },
  incentive: {
    mine: () => ['incentive', 'mine'] as const,
    progress: (id: number | undefined, pageNum: number) => ['incentive', id, 'progress', pageNum] as const,
    settlements: (id: number | undefined, pageNum: number) => ['incentive', id, 'settlements', pageNum] as const,
  },
  plan: {
    timeline: (deviceId: number | undefined) => ['ad-plan', 'timeline', deviceId] as const,
    devices: (id: number | undefined, pageNum: number) => ['ad-plan', 'devices', id, pageNum] as const,
  },
  search: {
    list: (entity: string, filter: object) => ['search', 'list', entity, filter] as const,
    /** The header's search: per enterprise and role (the answer depends on the range and bits). */
    search: (enCode: string, roleNode: string, keyword: string) =>
      ['search', 'search', enCode, roleNode, keyword] as const,
  },
};
