import { describe, expect, it } from 'vitest';
import { api as contract, fileUpload, routeOf, type CallDef } from '@vitrine/contract';
import { api, fileUploadRoute } from './routes';

const HEADER = `// The contract's calls as plain data: path, method, encoding and the names that travel in the URL,
// what the client needs to make them, without their zod schemas (the first screen carries no zod,
// ADR 0101). Written by routes.test.ts from the contract's \`api\`; after changing a call there, run
// \`npx vitest run --project web src/api/routes.test.ts -u\`. Do not edit by hand.
import type { api as contract, CallRoute, fileUpload, RoutesOf } from '@vitrine/contract';
`;

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

function literal(def: CallDef): string {
  const r = routeOf(def);
  const parts = [`path: '${r.path}'`, `method: '${r.method}'`];
  if (r.encoding) parts.push(`encoding: '${r.encoding}'`);
  if (r.query) parts.push(`query: [${r.query.map((q) => `'${q}'`).join(', ')}]`);
  return `{ ${parts.join(', ')} }`;
}

/** The source of routes.ts, from the contract as it is. */
function source(): string {
  const areas = Object.entries(contract).map(([area, calls]) => {
    const lines = Object.entries(calls as Record<string, CallDef>).map(
      ([name, def]) => `    ${key(name)}: ${literal(def)},`,
    );
    return `  ${key(area)}: {\n${lines.join('\n')}\n  },`;
  });
  return `${HEADER}
export const api: RoutesOf<typeof contract> = {
${areas.join('\n')}
};

/** file/upload: multipart, sent by components/Upload with its own request (not through \`call\`). */
export const fileUploadRoute: CallRoute<typeof fileUpload> = ${literal(fileUpload)};
`;
}

describe('call routes', () => {
  it("are the contract's calls without their schemas (routes.ts is current)", async () => {
    await expect(source()).toMatchFileSnapshot('./routes.ts');
  });

  it('name every call of the contract with its path', () => {
    for (const [area, calls] of Object.entries(contract)) {
      for (const [name, def] of Object.entries(calls as Record<string, CallDef>)) {
        expect((api as unknown as Record<string, Record<string, unknown>>)[area][name]).toEqual(routeOf(def));
      }
    }
    expect(fileUploadRoute).toEqual(routeOf(fileUpload));
  });
});
