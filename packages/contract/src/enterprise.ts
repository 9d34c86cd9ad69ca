// Enterprise administration: departments, jobs, permission menus, members, invitations, data ranges, operation log (issue 3).
// Each key is an area (the first path segment); each value maps call names to defineCall(...).
export const enterpriseApi = {};
