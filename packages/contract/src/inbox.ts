// Messages: list, info, check, unread count (issue 3).
// Each key is an area (the first path segment); each value maps call names to defineCall(...).
export const inboxApi = {};
