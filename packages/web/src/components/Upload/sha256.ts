/** Lower-case hex of a digest. */
export function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of a file or bytes, computed in the browser (crypto.subtle), as the server's file/info expects. */
export async function sha256Hex(data: Blob | ArrayBuffer): Promise<string> {
  const bytes = data instanceof ArrayBuffer ? data : await data.arrayBuffer();
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}
