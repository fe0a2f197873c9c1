/**
 * The engine that turns a {@linkcode DistributionSpec} and a seed into a
 * package (ARTIFACT-SPEC §3).
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import type {
  Candidate,
  CoverageCell,
  Experience,
  Package,
  Unit,
  UnitFamily,
} from "../package/schema.ts";
import { PACKAGE_SCHEMA_VERSION } from "../package/version.ts";
import { PyRandom } from "../base/rng/py_random.ts";
import type { Rng } from "../base/rng/rng.ts";
import {
  type Block,
  type CandidateRow,
  type DistributionSpec,
  type Draw,
  type ExperienceDef,
  type Order,
  REPRESENTATION_KINDS,
  type Seeding,
  type Step,
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
  const g = new Generation(spec, seed);
  spec.blocks.forEach((block, b) => g.runBlock(block, b));
  return g.toPackage();
}

/** Units of one step: its local names resolved to unit ids, once per step. */
interface StepUnits {
  defs: Readonly<Record<string, UnitDef>>;
  resolved: Map<string, string>;
  /** `blocks[b].steps[s]`, for errors. */
  path: string;
}

/**
 * One package being generated (ARTIFACT-SPEC §3): the template variables and the random stream,
 * and what the steps have added so far.
 */
class Generation {
  readonly where: string;
  readonly rngSeed: number | bigint | null;
  readonly rng: Rng | null;
  readonly vars: Map<string, Var>;
  readonly instance: string;
  readonly weights = new Map<string, number>();
  readonly family = new Map<string, UnitFamily>();
  /** Units in first appearance, for covered-only units. */
  readonly unitOrder: string[] = [];
  readonly roles = { current: [] as string[], invalidation: [] as string[], stale: [] as string[] };
  readonly experiences: Experience[] = [];
  readonly candidates: Candidate[] = [];
  readonly coverage: CoverageCell[] = [];

  constructor(readonly spec: DistributionSpec, readonly seed: number) {
    this.where = `distribution '${spec.name}'`;
    this.rngSeed = streamSeed(spec.seeding, seed);
    this.rng = this.rngSeed === null ? null : new PyRandom(this.rngSeed);
    this.vars = new Map<string, Var>([["seed", seed], ["name", spec.name]]);
    this.instance = this.fill(spec.ids.instance, "ids.instance");
    this.vars.set("prefix", this.instance);
  }

  /** An InputError at `path`: "expected " + `expected`. */
  fail(path: string, expected: string): never {
    throw new InputError(this.where, { path }, `expected ${expected}`);
  }

  /** A template with its `{name}` and `{name[index]}` placeholders filled. */
  fill(t: Template, path: string, extra: Record<string, Var> = NO_VARS): string {
    const parts = templateParts(t);
    let out = parts[0] as string;
    for (let p = 1; p < parts.length; p += 2) {
      const { name, index } = parts[p] as Placeholder;
      const v = extra[name] ?? this.vars.get(name);
      if (v === undefined) return this.fail(path, `a known template variable, got '{${name}}'`);
      if (index === undefined) out += String(v);
      else {
        const k = extra[index] ?? this.vars.get(index);
        if (!Array.isArray(v) || typeof k !== "number" || k < 0 || k >= v.length) {
          return this.fail(path, `'{${name}[${index}]}' to index a list variable within range`);
        }
        out += String(v[k]);
      }
      out += parts[p + 1] as string;
    }
    return out;
  }

  /** One draw from the stream (randrange, randint, choice, pick, shuffle). */
  draw(d: Draw, path: string): Var {
    const rng = this.rng;
    if (rng === null) {
      return this.fail(path, "a seeded distribution for draws (its seeding is 'none')");
    }
    if ("randrange" in d) return rng.randrange(d.randrange);
    if ("randint" in d) return rng.randint(d.randint[0], d.randint[1]);
    if ("choice" in d) return rng.choice(d.choice);
    if ("pick" in d) return rng.choice(d.pick);
    const copy = [...d.shuffle];
    rng.shuffle(copy);
    return copy;
  }

  /** A number of the spec: a constant, a draw, or base + step · draw. */
  value(v: Value, path: string): number {
    if (typeof v === "number") return v;
    const d = this.vars.get(v.draw);
    if (typeof d !== "number") return this.fail(path, `a numeric draw named '${v.draw}'`);
    if (v.base === undefined) return v.step === undefined ? d : this.fail(path, "a base with step");
    return v.base + (v.step ?? 1) * d;
  }

  /** An experience's time index: a constant or offset + stride · i. */
  order(o: Order): number {
    const i = this.vars.get("i") as number;
    return typeof o === "number" ? o : o.offset + o.stride * i;
  }

  /** Runs a block: its steps in turn, `repeat` times (or once per label). */
  runBlock(block: Block, b: number): void {
    const count = block.labels?.length ?? block.repeat ?? 1;
    const first = block.first ?? 0;
    for (let t = 0; t < count; t++) {
      const i = first + t;
      const s = t % block.steps.length;
      this.vars.set("i", i).set("half", Math.floor(i / 2)).set("prev", i - 1);
      if (block.labels) this.vars.set("x", block.labels[t]);
      this.runStep(block.steps[s], `blocks[${b}].steps[${s}]`);
    }
  }

  /** One step: its draws, then its weights, validity roles and experiences with candidates. */
  runStep(step: Step, path: string): void {
    for (const [name, d] of entriesOf(step.draws ?? NO_DRAWS)) {
      this.vars.set(name, this.draw(d, `${path}.draws.${name}`));
    }
    const su: StepUnits = {
      defs: { ...this.spec.units, ...step.units },
      resolved: new Map(),
      path,
    };
    (step.weights ?? []).forEach(([local, v], k) => {
      const at = `${path}.weights[${k}]`;
      const w = this.value(v, at);
      if (!Number.isFinite(w) || w < 0) this.fail(at, `a finite weight >= 0, got ${w}`);
      this.weights.set(this.unit(su, local, at), w);
    });
    for (const role of ["current", "invalidation", "stale"] as const) {
      (step[role] ?? []).forEach((local, k) => {
        const id = this.unit(su, local, `${path}.${role}[${k}]`);
        if (!this.roles[role].includes(id)) this.roles[role].push(id);
      });
    }
    (step.experiences ?? []).forEach((e, k) =>
      this.addExperience(su, e, `${path}.experiences[${k}]`)
    );
  }

  /** A step's local unit name as a unit id; a unit keeps the family it was first defined with. */
  unit(su: StepUnits, local: string, at: string): string {
    const known = su.resolved.get(local);
    if (known !== undefined) return known;
    const def = su.defs[local];
    if (def === undefined) {
      return this.fail(at, `a unit defined in the spec or step, got '${local}'`);
    }
    const id = this.fill(def.id, `${su.path}.units.${local}.id`);
    const prior = this.family.get(id);
    if (prior === undefined) {
      this.family.set(id, def.family);
      this.unitOrder.push(id);
    } else if (prior !== def.family) {
      this.fail(
        `${su.path}.units.${local}.family`,
        `family '${prior}' for unit '${id}' as defined before`,
      );
    }
    su.resolved.set(local, id);
    return id;
  }

  addExperience(su: StepUnits, e: ExperienceDef, ep: string): void {
    const local = this.fill(e.id, `${ep}.id`);
    const exp = this.fill(this.spec.ids.experience, "ids.experience", { local });
    const experience: Experience = { id: exp, order: this.order(e.order) };
    if (e.text !== undefined) experience.text = this.fill(e.text, `${ep}.text`);
    this.experiences.push(experience);
    e.candidates.forEach((row, r) => this.addCandidate(su, row, exp, `${ep}.candidates[${r}]`));
  }

  /** A candidate of an experience and its coverage cells (values in (0, 1]). */
  addCandidate(su: StepUnits, row: CandidateRow, exp: string, cp: string): void {
    const variant = row.variant ?? row.rep;
    const kind = row.kind ?? REPRESENTATION_KINDS[row.rep];
    if (kind === undefined) this.fail(`${cp}.kind`, `a kind for representation '${row.rep}'`);
    const cost = this.value(row.cost, `${cp}.cost`);
    if (!Number.isFinite(cost) || cost <= 0) this.fail(`${cp}.cost`, `a cost > 0, got ${cost}`);
    const id = this.fill(this.spec.ids.candidate, "ids.candidate", { exp, variant });
    const cand: Candidate = { id, experience: exp, kind, representation: row.rep, cost };
    if (row.confidence !== undefined) cand.confidence = row.confidence;
    this.candidates.push(cand);
    for (const [u, a] of entriesOf(row.cover)) {
      if (!(a <= 1)) this.fail(`${cp}.cover.${u}`, `a coverage value <= 1, got ${a}`);
      const uid = this.unit(su, u, `${cp}.cover.${u}`);
      if (a > 0) this.coverage.push({ candidate: id, unit: uid, value: a });
    }
  }

  /** Units in weight insertion order, then covered units never weighted (weight 0). */
  units(): Unit[] {
    const { roles, weights } = this;
    const validity = (id: string): Unit["validity"] =>
      roles.current.includes(id)
        ? "current"
        : roles.invalidation.includes(id)
        ? "invalidates_prior"
        : roles.stale.includes(id)
        ? "superseded"
        : undefined;
    const covered = new Set(this.coverage.map((c) => c.unit));
    const unitIds = [
      ...weights.keys(),
      ...this.unitOrder.filter((id) => !weights.has(id) && covered.has(id)),
    ];
    return unitIds.map((id) => {
      const u: Unit = { id, family: this.family.get(id)!, weight: weights.get(id) ?? 0 };
      const v = validity(id);
      if (v !== undefined) u.validity = v;
      return u;
    });
  }

  toPackage(): Package {
    const { spec, roles, rngSeed } = this;
    return {
      schema_version: PACKAGE_SCHEMA_VERSION,
      id: this.instance,
      description: spec.summary,
      experiences: this.experiences,
      candidates: this.candidates,
      units: this.units(),
      queries: [],
      weight_source: "explicit",
      coverage: this.coverage,
      budgets: [],
      group_cap: 1,
      meta: {
        generator: "memaudit.generate",
        distribution: spec.name,
        seed: this.seed,
        rng_seed: typeof rngSeed === "bigint" ? rngSeed.toString() : rngSeed,
        current_units: roles.current,
        invalidation_units: roles.invalidation,
        stale_units: roles.stale,
      },
    };
  }
}
