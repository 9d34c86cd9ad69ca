// Files: upload permits, uploads, info by hash, URLs, the materials library (issue 3).
// Each key is an area (the first path segment); each value maps call names to defineCall(...).
export const filesApi = {};
