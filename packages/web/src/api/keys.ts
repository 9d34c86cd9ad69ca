// Query keys from one factory (CONVENTIONS: Medusa's query-key-factory).
export const keys = {
  account: {
    all: ['account'] as const,
    info: () => ['account', 'info'] as const,
    menu: (enCode: string, roleNode: string) => ['account', 'menu', enCode, roleNode] as const,
    roles: (enCode: string) => ['account', 'roles', enCode] as const,
  },
};
