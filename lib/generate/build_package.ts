/**
 * The engine that turns a {@linkcode DistributionSpec} and a seed into a
 * package (ARTIFACT-SPEC §3).
 *
 * @module
 */
import { InputError } from "../errors.ts";
import type {
  Candidate,
  CoverageCell,
  Experience,
  Package,
  Unit,
  UnitFamily,
} from "../package/schema.ts";
import { PACKAGE_SCHEMA_VERSION } from "../package/version.ts";
import { PyRandom } from "../rng/py_random.ts";
import type { Rng } from "../rng/rng.ts";
import {
  type DistributionSpec,
  type Draw,
  type Order,
  REPRESENTATION_KINDS,
  type Seeding,
  type Template,
  type UnitDef,
  type Value,
} from "./distribution_spec.ts";

type Var = number | string | readonly string[];

/**
 * The artifact's stream seed for package seed `seed` (ARTIFACT-SPEC §3.0):
 * s for `direct`, (s + 1) · 1,000,003 + salt for a salted distribution,
 * null for `none`.
 *
 * @param seeding the distribution's seeding rule
 * @param seed the package seed s (a non-negative safe integer)
 * @returns the stream seed (a number when it is a safe integer, else a bigint), or null
 */
export function streamSeed(seeding: Seeding, seed: number): number | bigint | null {
  if (seeding === "none") return null;
  if (seeding === "direct") return seed;
  const s = (BigInt(seed) + 1n) * 1000003n + BigInt(seeding.salt);
  return s <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(s) : s;
}

const NO_VARS: Record<string, Var> = {};
const NO_DRAWS: Readonly<Record<string, Draw>> = {};

/** A `{name}` or `{name[index]}` placeholder of a template. */
interface Placeholder {
  readonly name: string;
  readonly index: string | undefined;
}

const PLACEHOLDER = /\{(\w+)(?:\[(\w+)\])?\}/g;
const templates = new Map<string, readonly (string | Placeholder)[]>();

/**
 * A template split once into literal text and placeholders, alternating and
 * starting and ending with text: [text, placeholder, text, ..., text]. The
 * placeholders are the matches of the replace pattern, so filling the parts
 * gives the string that replacing would give.
 */
function templateParts(t: Template): readonly (string | Placeholder)[] {
  let parts = templates.get(t);
  if (parts === undefined) {
    const out: (string | Placeholder)[] = [];
    let at = 0;
    for (const m of t.matchAll(PLACEHOLDER)) {
      out.push(t.slice(at, m.index), { name: m[1], index: m[2] });
      at = m.index + m[0].length;
    }
    out.push(t.slice(at));
    templates.set(t, parts = out);
  }
  return parts;
}

/** `Object.entries` of a spec object (spec tables are immutable data), computed once. */
const entryCache = new WeakMap<object, readonly [string, unknown][]>();
function entriesOf<T>(o: Readonly<Record<string, T>>): readonly [string, T][] {
  let e = entryCache.get(o);
  if (e === undefined) entryCache.set(o, e = Object.entries(o));
  return e as readonly [string, T][];
}

/**
 * Generates one package of a distribution.
 *
 * Units are listed in weight insertion order (re-assigned units keep their
 * first position), then units that are covered but never weighted (weight 0).
 * Experiences and candidates keep table order; experience `order` is the
 * artifact's time_index. `meta` keeps the artifact's ordered validity lists
 * (`current_units`, `invalidation_units`, `stale_units`), the distribution
 * name, the seed and the stream seed.
 *
 * @param spec the distribution
 * @param seed the package seed s (non-negative safe integer)
 * @returns the package (weight_source `explicit`); it passes {@linkcode parsePackage}
 * @throws {RangeError} if the seed is not a non-negative safe integer
 * @throws {InputError} if the spec is inconsistent (unknown unit or variable, bad value)
 */
export function buildPackage(spec: DistributionSpec, seed: number): Package {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(
      `Cannot generate '${spec.name}': seed must be a non-negative integer, got ${seed}`,
    );
  }
  const where = `distribution '${spec.name}'`;
  const fail = (path: string, expected: string): never => {
    throw new InputError(where, { path }, expected);
  };
  const rngSeed = streamSeed(spec.seeding, seed);
  const rng: Rng | null = rngSeed === null ? null : new PyRandom(rngSeed);

  const vars = new Map<string, Var>([["seed", seed], ["name", spec.name]]);
  const fill = (t: Template, path: string, extra: Record<string, Var> = NO_VARS): string => {
    const parts = templateParts(t);
    let out = parts[0] as string;
    for (let p = 1; p < parts.length; p += 2) {
      const { name, index } = parts[p] as Placeholder;
      const v = extra[name] ?? vars.get(name);
      if (v === undefined) return fail(path, `a known template variable, got '{${name}}'`);
      if (index === undefined) out += String(v);
      else {
        const k = extra[index] ?? vars.get(index);
        if (!Array.isArray(v) || typeof k !== "number" || k < 0 || k >= v.length) {
          return fail(path, `'{${name}[${index}]}' to index a list variable within range`);
        }
        out += String(v[k]);
      }
      out += parts[p + 1] as string;
    }
    return out;
  };
  const instance = fill(spec.ids.instance, "ids.instance");
  vars.set("prefix", instance);

  const weights = new Map<string, number>();
  const family = new Map<string, UnitFamily>();
  const unitOrder: string[] = []; // first appearance, for covered-only units
  const roles = { current: [] as string[], invalidation: [] as string[], stale: [] as string[] };
  const experiences: Experience[] = [];
  const candidates: Candidate[] = [];
  const coverage: CoverageCell[] = [];

  const draw = (d: Draw, path: string): Var => {
    if (rng === null) return fail(path, "no draws (the distribution's seeding is 'none')");
    if ("randrange" in d) return rng.randrange(d.randrange);
    if ("randint" in d) return rng.randint(d.randint[0], d.randint[1]);
    if ("choice" in d) return rng.choice(d.choice);
    if ("pick" in d) return rng.choice(d.pick);
    const copy = [...d.shuffle];
    rng.shuffle(copy);
    return copy;
  };
  const value = (v: Value, path: string): number => {
    if (typeof v === "number") return v;
    const d = vars.get(v.draw);
    if (typeof d !== "number") return fail(path, `a numeric draw named '${v.draw}'`);
    if (v.base === undefined) return v.step === undefined ? d : fail(path, "a base with step");
    return v.base + (v.step ?? 1) * d;
  };
  const order = (o: Order): number => {
    const i = vars.get("i") as number;
    return typeof o === "number" ? o : o.offset + o.stride * i;
  };

  spec.blocks.forEach((block, b) => {
    const count = block.labels?.length ?? block.repeat ?? 1;
    const first = block.first ?? 0;
    for (let t = 0; t < count; t++) {
      const i = first + t;
      const s = t % block.steps.length;
      const step = block.steps[s];
      const path = `blocks[${b}].steps[${s}]`;
      vars.set("i", i).set("half", Math.floor(i / 2)).set("prev", i - 1);
      if (block.labels) vars.set("x", block.labels[t]);
      for (const [name, d] of entriesOf(step.draws ?? NO_DRAWS)) {
        vars.set(name, draw(d, `${path}.draws.${name}`));
      }
      const defs: Record<string, UnitDef> = { ...spec.units, ...step.units };
      const resolved = new Map<string, string>();
      const unit = (local: string, at: string): string => {
        const known = resolved.get(local);
        if (known !== undefined) return known;
        const def = defs[local];
        if (def === undefined) {
          return fail(at, `a unit defined in the spec or step, got '${local}'`);
        }
        const id = fill(def.id, `${path}.units.${local}.id`);
        const prior = family.get(id);
        if (prior === undefined) {
          family.set(id, def.family);
          unitOrder.push(id);
        } else if (prior !== def.family) {
          fail(
            `${path}.units.${local}.family`,
            `family '${prior}' for unit '${id}' as defined before`,
          );
        }
        resolved.set(local, id);
        return id;
      };
      (step.weights ?? []).forEach(([local, v], k) => {
        const at = `${path}.weights[${k}]`;
        const w = value(v, at);
        if (!Number.isFinite(w) || w < 0) fail(at, `a finite weight >= 0, got ${w}`);
        weights.set(unit(local, at), w);
      });
      for (const role of ["current", "invalidation", "stale"] as const) {
        (step[role] ?? []).forEach((local, k) => {
          const id = unit(local, `${path}.${role}[${k}]`);
          if (!roles[role].includes(id)) roles[role].push(id);
        });
      }
      (step.experiences ?? []).forEach((e, k) => {
        const ep = `${path}.experiences[${k}]`;
        const local = fill(e.id, `${ep}.id`);
        const exp = fill(spec.ids.experience, "ids.experience", { local });
        const experience: Experience = { id: exp, order: order(e.order) };
        if (e.text !== undefined) experience.text = fill(e.text, `${ep}.text`);
        experiences.push(experience);
        e.candidates.forEach((row, r) => {
          const cp = `${ep}.candidates[${r}]`;
          const variant = row.variant ?? row.rep;
          const kind = row.kind ?? REPRESENTATION_KINDS[row.rep];
          if (kind === undefined) fail(`${cp}.kind`, `a kind for representation '${row.rep}'`);
          const cost = value(row.cost, `${cp}.cost`);
          if (!Number.isFinite(cost) || cost <= 0) fail(`${cp}.cost`, `a cost > 0, got ${cost}`);
          const id = fill(spec.ids.candidate, "ids.candidate", { exp, variant });
          const cand: Candidate = { id, experience: exp, kind, representation: row.rep, cost };
          if (row.confidence !== undefined) cand.confidence = row.confidence;
          candidates.push(cand);
          for (const [u, a] of entriesOf(row.cover)) {
            if (!(a <= 1)) fail(`${cp}.cover.${u}`, `a coverage value <= 1, got ${a}`);
            const uid = unit(u, `${cp}.cover.${u}`);
            if (a > 0) coverage.push({ candidate: id, unit: uid, value: a });
          }
        });
      });
    }
  });

  const validity = (id: string): Unit["validity"] =>
    roles.current.includes(id)
      ? "current"
      : roles.invalidation.includes(id)
      ? "invalidates_prior"
      : roles.stale.includes(id)
      ? "superseded"
      : undefined;
  const covered = new Set(coverage.map((c) => c.unit));
  const unitIds = [
    ...weights.keys(),
    ...unitOrder.filter((id) => !weights.has(id) && covered.has(id)),
  ];
  const units: Unit[] = unitIds.map((id) => {
    const u: Unit = { id, family: family.get(id)!, weight: weights.get(id) ?? 0 };
    const v = validity(id);
    if (v !== undefined) u.validity = v;
    return u;
  });
  return {
    schema_version: PACKAGE_SCHEMA_VERSION,
    id: instance,
    description: spec.summary,
    experiences,
    candidates,
    units,
    queries: [],
    weight_source: "explicit",
    coverage,
    budgets: [],
    group_cap: 1,
    meta: {
      generator: "memaudit.generate",
      distribution: spec.name,
      seed,
      rng_seed: typeof rngSeed === "bigint" ? rngSeed.toString() : rngSeed,
      current_units: roles.current,
      invalidation_units: roles.invalidation,
      stale_units: roles.stale,
    },
  };
}
