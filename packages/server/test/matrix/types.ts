/** One tenant route of the isolation matrix: a valid body for the caller's own enterprise. */
export type MatrixRoute = { path: string; body: Record<string, unknown> };
