// Builders for one environment variable each: a zod schema from the raw string (blank = unset),
// plus what the README table shows. Messages never echo the value (it may be a secret).
import { isIPv6 } from "node:net";
import { z } from "zod";

export type Var<T extends z.ZodType = z.ZodType> = { schema: T; doc: string; shown?: string; secret?: boolean };

type Common = { doc: string; shown?: string; secret?: boolean };

const raw = z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined), z.string().optional());

function fail(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

function range(min?: number, max?: number, exclusive = false): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return exclusive ? ` above ${min}` : ` of at least ${min}`;
  return max !== undefined ? ` of at most ${max}` : "";
}

type NumOpts = Common & { default: number; min?: number; max?: number; exclusive?: boolean; aliases?: Record<string, number> };

function number(whole: boolean, o: NumOpts) {
  const expected = `expected ${whole ? "a whole number" : "a number"}${range(o.min, o.max, o.exclusive)}`;
  const schema = raw.transform((s, ctx): number => {
    if (s === undefined) return o.default;
    const alias = o.aliases?.[s.toLowerCase()];
    if (alias !== undefined) return alias;
    if (!(whole ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/).test(s)) return fail(ctx, expected);
    const n = Number(s);
    const low = o.min !== undefined && (o.exclusive ? n <= o.min : n < o.min);
    if (low || (o.max !== undefined && n > o.max)) return fail(ctx, expected);
    return n;
  });
  return { schema, doc: o.doc, shown: o.shown ?? `\`${o.default}\``, secret: o.secret };
}

export const int = (o: NumOpts) => number(true, o);
export const num = (o: NumOpts) => number(false, o);

type StrOpts = Common & { pattern?: [RegExp, string] };

function checked(o: StrOpts) {
  return raw.transform((s, ctx): string | undefined => {
    if (s !== undefined && o.pattern && !o.pattern[0].test(s)) return fail(ctx, o.pattern[1]);
    return s;
  });
}

export function str(o: StrOpts & { default: string }): Var<z.ZodType<string, unknown>>;
export function str(o: StrOpts): Var<z.ZodType<string | undefined, unknown>>;
export function str(o: StrOpts & { default?: string }): Var<z.ZodType<string | undefined, unknown>> {
  const schema = checked(o).transform((s) => s ?? o.default);
  return { schema, doc: o.doc, shown: o.shown ?? (o.default !== undefined ? `\`${o.default}\`` : "unset"), secret: o.secret };
}

export function url(o: Common): Var<z.ZodType<string | undefined, unknown>> {
  const schema = raw.transform((s, ctx): string | undefined => {
    if (s === undefined) return undefined;
    if (!URL.canParse(s) || !/^https?:$/.test(new URL(s).protocol)) return fail(ctx, "expected an http(s) URL");
    return s;
  });
  return { schema, doc: o.doc, shown: o.shown ?? "unset", secret: o.secret };
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, o: Common & { default: T[number] }): Var<z.ZodType<T[number], unknown>> {
  const schema = raw.transform((s, ctx): T[number] => {
    if (s === undefined) return o.default;
    return values.includes(s) ? s : fail(ctx, `expected one of ${values.join(", ")}`);
  });
  return { schema, doc: o.doc, shown: o.shown ?? `\`${o.default}\``, secret: o.secret };
}

export function bool(o: Common & { default: boolean }): Var<z.ZodType<boolean, unknown>> {
  const schema = raw.transform((s, ctx): boolean => {
    if (s === undefined) return o.default;
    if (/^(1|true|yes|on)$/i.test(s)) return true;
    if (/^(0|false|no|off)$/i.test(s)) return false;
    return fail(ctx, "expected 1/true or 0/false");
  });
  return { schema, doc: o.doc, shown: o.shown ?? (o.default ? "`1`" : "`0`"), secret: o.secret };
}

// A DNS name (`*.` allowed in front, for its subdomains), an IPv4 address or a bare IPv6 address.
const HOST = /^(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/i;

/**
 * A comma-separated list of host names, compared with a URL's host: an entry that is no host name
 * (`http://x/`, `x:8080`, a blank between commas) could never match, so it stops the start.
 */
export function hosts(o: Common): Var<z.ZodType<string[], unknown>> {
  const schema = raw.transform((s, ctx): string[] => {
    if (s === undefined) return [];
    const list = s.split(",").map((x) => x.trim());
    const bad = list.findIndex((h) => !(HOST.test(h) || isIPv6(h)));
    if (bad !== -1) {
      const what = list[bad] === "" ? "is empty" : "is not a host name (no scheme, port or path)";
      return fail(ctx, `entry ${bad + 1} ${what}; expected host names separated by commas, like api.example.com,*.example.org`);
    }
    return list.map((h) => h.toLowerCase());
  });
  return { schema, doc: o.doc, shown: o.shown ?? "unset", secret: o.secret };
}

/** A duration in seconds: `1800`, `90s`, `30m` or `2h` (the unit is optional). */
export function duration(o: Common & { default: number; min?: number; max?: number }): Var<z.ZodType<number, unknown>> {
  const unit: Record<string, number> = { s: 1, m: 60, h: 3600 };
  const expected = `expected seconds, or a number with s, m or h${range(o.min, o.max)}`;
  const schema = raw.transform((s, ctx): number => {
    if (s === undefined) return o.default;
    const m = /^(\d+(?:\.\d+)?)\s*([smh]?)$/i.exec(s);
    if (!m) return fail(ctx, expected);
    const n = Number(m[1]) * unit[(m[2] || "s").toLowerCase()]!;
    if ((o.min !== undefined && n < o.min) || (o.max !== undefined && n > o.max)) return fail(ctx, expected);
    return n;
  });
  return { schema, doc: o.doc, shown: o.shown ?? `\`${o.default}\``, secret: o.secret };
}
