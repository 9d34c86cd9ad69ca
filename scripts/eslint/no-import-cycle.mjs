// ESLint rule vitrine/no-import-cycle: a file may not import (directly or through others) anything
// that imports it back, and the server's domain areas (packages/server/src/domains/<area>) may not
// depend on each other in a circle. Relative imports only; `.js` specifiers resolve to the .ts/.tsx
// source as TypeScript does. The graph is read once per lint run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SPEC =
  /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const edges = new Map();

function resolveSpec(from, spec) {
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/** The files one file imports (relative, resolved, source files only). */
export function importsOf(file) {
  let out = edges.get(file);
  if (out) return out;
  out = [];
  edges.set(file, out);
  if (!/\.(ts|tsx|mjs)$/.test(file)) return out;
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(SPEC)) {
    const target = resolveSpec(file, m[1] ?? m[2]);
    if (target && !out.includes(target)) out.push(target);
  }
  return out;
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(start, goal, next) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [node, path] = stack.pop();
    if (node === goal) return path;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const n of next(node)) stack.push([n, [...path, n]]);
  }
  return null;
}

function areaOf(file) {
  const marker = `${sep}packages${sep}server${sep}src${sep}domains${sep}`;
  const i = file.indexOf(marker);
  if (i < 0) return null;
  const rest = file.slice(i + marker.length).split(sep);
  return rest.length > 1 ? rest[0] : null;
}

let areaGraph = null;
function areas(root) {
  if (areaGraph) return areaGraph;
  areaGraph = new Map();
  const dir = join(root, 'packages', 'server', 'src', 'domains');
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        const a = areaOf(p);
        if (!a) continue;
        const set = areaGraph.get(a) ?? new Set();
        areaGraph.set(a, set);
        for (const t of importsOf(p)) {
          const b = areaOf(t);
          if (b && b !== a) set.add(b);
        }
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return areaGraph;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'no import cycles between files, nor between domain areas' },
    schema: [],
  },
  create(context) {
    const file = resolve(context.filename);
    const root = context.cwd;
    return {
      Program(node) {
        if (/\.test\.tsx?$/.test(file)) return;
        for (const target of importsOf(file)) {
          const cycle = pathBack(target, file, importsOf);
          if (cycle) {
            context.report({
              node,
              message: `Import cycle: ${[file, ...cycle].map((f) => relative(root, f)).join(' → ')}`,
            });
            return;
          }
        }
        const a = areaOf(file);
        if (!a) return;
        const graph = areas(root);
        for (const b of graph.get(a) ?? []) {
          const back = pathBack(b, a, (x) => [...(graph.get(x) ?? [])]);
          if (back) {
            context.report({
              node,
              message: `Domain areas import each other in a circle: ${[a, ...back].join(' → ')}`,
            });
            return;
          }
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
