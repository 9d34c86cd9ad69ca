/** PGlite's WebAssembly modules, compiled once per process, and its file bundle. */
export type PgliteAssets = {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Uint8Array;
};

export type PgliteOps = Record<string, (args: Record<string, unknown>) => Promise<unknown>>;

export function pgliteOps(assets: PgliteAssets, notify: (lid: number, payload: string) => void): PgliteOps;
