// Geography, the lifecycle entities of stores and devices, device controls, generic search (issue 4).
// Each key is an area (the first path segment); each value maps call names to defineCall(...).
export const storesApi = {};
