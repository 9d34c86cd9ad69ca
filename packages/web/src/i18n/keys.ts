import type { CustomTypeOptions, ParseKeys, TFunction } from 'i18next';

// Typed translation keys (issue 28 §4; the resources are declared in i18next.d.ts). `t()` checks a
// key against the namespaces its `useTranslation` names; these types cover keys that travel as data
// (an entity's column titles, a status's word) and are written far from the `t()` that reads them.

type Resources = CustomTypeOptions['resources'];
export type Namespace = keyof Resources;

/** A key of one namespace, as its own `t` takes it: `KeyOf<'home'>` is 'start.title' | … */
export type KeyOf<N extends Namespace> = ParseKeys<N>;

/** A key of any namespace, naming it: "store:field.name". */
export type I18nKey = { [N in Namespace]: `${N}:${ParseKeys<N>}` }[Namespace];

/** The keys under one group of a namespace: `KeysUnder<'lifecycle', 'status'>` is 'draft' | 'reject' | … */
export type KeysUnder<N extends Namespace, G extends keyof Resources[N]> = keyof Resources[N][G] & string;

/**
 * Translates a key that names its namespace with the `t` of any component. i18next's types accept
 * "ns:key" only for the namespaces the hook was given, while at run time any loaded namespace
 * answers (the route loads the entity's namespace with its chunk, app/router.tsx). The key itself is
 * checked where it is written, as an `I18nKey`; this is the one place it meets `t()` untyped.
 */
export function translate(t: TFunction<Namespace>, key: I18nKey, options?: Record<string, unknown>): string {
  return (t as unknown as (key: string, options?: Record<string, unknown>) => string)(key, options);
}

/** `value` when it is one of `values` (a role or code the server sends as a plain number). */
export function oneOf<const V extends string | number>(values: readonly V[], value: unknown): V | undefined {
  return values.find((v) => v === value);
}

/** A value's label: an i18n key ("ns:key"), or a fixed text that needs no translation (e.g. "A"). */
export type EnumLabel = I18nKey | { text: string };
/** Values to labels, defined once from the contract's enumerations (a column's or a select's). */
export type ValueEnum = Readonly<Record<string, EnumLabel>>;

/** A value's label from a ValueEnum: its key translated, or its fixed text; a value it lacks as itself. */
export function enumLabel(t: TFunction<Namespace>, valueEnum: ValueEnum | undefined, value: unknown): string {
  const label = valueEnum?.[String(value)];
  if (label === undefined) return value === null || value === undefined || value === '' ? '—' : String(value);
  return typeof label === 'string' ? translate(t, label) : label.text;
}

/** Value → key for an enumeration whose words sit under one group: `keyEnum('store:etType', ET_TYPES)`. */
export function keyEnum<const P extends string, const V extends string | number>(
  prefix: P,
  values: readonly V[],
): Record<string, `${P}.${V}`> {
  return Object.fromEntries(values.map((v) => [String(v), `${prefix}.${v}` as const]));
}
