/**
 * A seeded cohort simulator in PerMem-Bench's construction rules (paper 003;
 * COMPANIONS §2(b) "Profile", "Skeleton", "One-off events", "Timeline"),
 * with templated, fully synthetic text. SIMULATED: nothing here is the
 * benchmark's data or its LLM-written content.
 *
 * Per user, over the 20 domains: participation `use` ~ Bernoulli(p_use),
 * frequency uniform over high / medium / low, necessity `memory_required` ~
 * Bernoulli(p_required) for a used domain (at least one used and one
 * memory-required domain are forced, declared below). At most 3
 * memory-required domains get a skeleton, drawn without replacement with
 * weights high 3 / medium 2 / low 1 (the others get no sessions). Projects
 * and events by frequency: high 5 projects × 3–5 events, medium 3 × 2–4,
 * low 2 × 2–3; projects within a domain are sequential. total_months =
 * clamp(3 × number of projects, 12, 24). Memory-required events get months
 * by sorted uniform draws in 1..total_months (the benchmark asks an LLM; the
 * draws keep project and event order). One-off (transient) domains: interval
 * 4 / 8 / 12 weeks by frequency, count max(1, ⌊total_months·4/interval⌋),
 * months max(1, round(k·interval/4.33)) for k = 1..count (round half to
 * even), those beyond total_months dropped. Sessions sorted by (month,
 * memory-required first, generation order), ids 1..N.
 *
 * Reference memories per memory-required event: one `user_profile` fact
 * with probability p_profile and one or two `ongoing_state` facts (the
 * second with probability p_second_state); each fact's text embeds its
 * unique id `⟦<uuid>/<session>:<gt_idx>⟧` (see {@linkcode embeddedFactId}),
 * so a structural judge can find it in a memory entry.
 *
 * Optional profile shift (the dynamic variant): after phase 1, one
 * memory-required domain turns transient (its project concluded), one new
 * memory-required domain is added (plus, with probability 1/2, one new
 * transient domain), and a 12-month phase 2 is appended in which every
 * remaining memory-required domain gets one more project (ids continue) and
 * the new domain gets projects by its frequency.
 *
 * @module
 */
import { roundHalfEven } from "../generate/budgets.ts";
import { SeededRandom } from "../base/rng/seeded_random.ts";
import type { Rng } from "../base/rng/rng.ts";
import type { GtMemory, SessionFile } from "./formats.ts";
import { factId, referenceFacts } from "./read.ts";
import type { ReferenceFact } from "./retention_rate.ts";

/** The benchmark's 20 domains, in its order. */
export const DOMAINS: readonly string[] = [
  "Academic Study & Learning",
  "Business & Entrepreneurship",
  "Career Development & Job Search",
  "Data Analysis & Visualization",
  "Event Planning",
  "Health & Wellness",
  "Home & Real Estate",
  "Language Learning",
  "Legal & Administrative Affairs",
  "Math & Quantitative Problem Solving",
  "Mental Health & Emotional Support",
  "News & Current Events",
  "Personal Finance & Investment",
  "Recipe Advice & Meal Planning",
  "Relationship & Social Advice",
  "Shopping & Product Research",
  "Software Development & Coding",
  "Sport & Physical Activity",
  "Travel Planning",
  "Writing Assistant",
];

/** Usage frequency of a domain. */
export type Frequency = "high" | "medium" | "low";

/** Skeleton weights (high 3 / medium 2 / low 1). */
export const SKELETON_WEIGHTS: Readonly<Record<Frequency, number>> = { high: 3, medium: 2, low: 1 };
/** Projects per domain and events per project, [projects, min events, max events]. */
export const PROJECT_SIZES: Readonly<Record<Frequency, readonly [number, number, number]>> = {
  high: [5, 3, 5],
  medium: [3, 2, 4],
  low: [2, 2, 3],
};
/** One-off interval in weeks by frequency. */
export const ONE_OFF_INTERVAL_WEEKS: Readonly<Record<Frequency, number>> = {
  high: 4,
  medium: 8,
  low: 12,
};

/** One domain of a profile (the benchmark's `domains[i]`). */
export interface ProfileDomain {
  /** One of {@linkcode DOMAINS}. */
  domain_name: string;
  /** Participation a. */
  use: boolean;
  /** Necessity m (null when not used). */
  memory_required: boolean | null;
  /** Frequency f (null when not used). */
  frequency: Frequency | null;
  /** Always "simulated" here. */
  reason: string;
}

/** One simulated user. */
export interface CohortUser {
  /** The user id (`sim-NNN`). */
  uuid: string;
  /** The profile (phase 1). */
  profile: {
    /** The user id. */
    uuid: string;
    /** Placeholder persona: `{ simulated: true }`. */
    persona: Record<string, unknown>;
    /** The 20 domains. */
    domains: ProfileDomain[];
  };
  /** Domains that got a skeleton (memory-required with projects), phase 1. */
  skeletonDomains: string[];
  /** Total months of phase 1. */
  totalMonths: number;
  /** Every session, in the session-file shape, ids 1..N. */
  sessions: SessionFile[];
  /** The reference facts (lifespans by the benchmark's rules; text with embedded ids). */
  facts: ReferenceFact[];
  /** With a profile shift: the last session of phase 1, and what changed. */
  shift?: {
    lastPhase1Session: number;
    demoted: string;
    added: string;
    addedTransient: string | null;
  };
}

/** A simulated cohort. */
export interface Cohort {
  /** Always true: labels every table built from it. */
  simulated: true;
  /** The seed. */
  seed: string | number;
  /** The options used (defaults filled in). */
  options: Required<Omit<CohortOptions, "seed">>;
  /** The users, `sim-001` ... */
  users: CohortUser[];
}

/** Options of {@linkcode generateCohort} (the rates are this simulator's, declared; not the benchmark's). */
export interface CohortOptions {
  /** Number of users (default 20, the benchmark's). */
  users?: number;
  /** Seed (default 0). */
  seed?: number | string;
  /** P(domain used) (default 0.25). */
  pUse?: number;
  /** P(used domain is memory-required) (default 0.4). */
  pRequired?: number;
  /** P(an event carries a user_profile fact) (default 0.5). */
  pProfile?: number;
  /** P(an event carries a second ongoing_state fact) (default 0.4). */
  pSecondState?: number;
  /** Append the dynamic variant's profile shift and 12-month phase 2 (default false). */
  profileShift?: boolean;
}

const FREQS: readonly Frequency[] = ["high", "medium", "low"];

/** The simulator's rates and switches, defaults filled in. */
type Rates = Required<Omit<CohortOptions, "seed">>;

/** One item drawn uniformly (`rng.randbelow(items.length)`). */
const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.randbelow(items.length)];

/** The id embedded in a simulated fact's text: `⟦<uuid>/<session>:<gt_idx>⟧` (user, fact id). */
export function embeddedFactId(user: string, fact: string): string {
  return `⟦${user}/${fact}⟧`;
}

/** k distinct items in draw order, each draw proportional to the (positive) weights left. */
function weightedSample<T>(
  rng: Rng,
  items: readonly T[],
  weights: readonly number[],
  k: number,
): T[] {
  const pool = items.map((x, i) => ({ x, w: weights[i] }));
  const out: T[] = [];
  while (out.length < k && pool.length > 0) {
    const total = pool.reduce((s, p) => s + p.w, 0);
    let r = rng.random() * total;
    let j = 0;
    while (j < pool.length - 1 && r >= pool[j].w) r -= pool[j++].w;
    out.push(pool[j].x);
    pool.splice(j, 1);
  }
  return out;
}

const TRAITS = (
  "is vegetarian, works night shifts, has two teenage children, is allergic to peanuts, " +
  "prefers concise answers, lives in a small apartment, is training for a marathon, " +
  "speaks Portuguese at home, budgets strictly every month, cares for an elderly parent, " +
  "uses a wheelchair, is left-handed, commutes by bicycle, dislikes early meetings, " +
  "keeps a vegetable garden"
).split(", ");
const STATES = (
  "settled on a deadline of week, chose the option labelled, has finished step, " +
  "set the budget at, booked the slot numbered, picked version, is waiting on reply, " +
  "moved the milestone to week"
).split(", ");
const DETAILS = (
  "amber harbor violin cedar granite saffron lantern orchid falcon meadow copper glacier tundra " +
  "velvet walnut quartz pelican sierra mosaic thistle juniper cobalt marble hazel lagoon ember " +
  "willow canyon maple topaz raven prairie coral birch onyx delta fjord nectar summit indigo"
).split(" ");
const NOUNS = ["plan", "draft", "schedule", "budget", "list", "review", "proposal", "routine"];

interface Draft {
  domain: string;
  month: number;
  required: boolean;
  projectId: number | null;
  projectTitle: string | null;
  eventId: number;
  eventTitle: string;
  /** Reference facts to create (types), memory-required only. */
  factTypes: ("user_profile" | "ongoing_state")[];
  order: number;
}

function projectDrafts(
  rng: Rng,
  domain: string,
  freq: Frequency,
  firstProject: number,
  projects: number,
  months: [number, number],
  o: Rates,
  order: { n: number },
): Draft[] {
  const [, lo, hi] = PROJECT_SIZES[freq];
  const events: Omit<Draft, "month">[] = [];
  for (let p = 0; p < projects; p++) {
    const pid = firstProject + p;
    const title = `${domain} ${pick(rng, NOUNS)} #${pid}`;
    const n = rng.randint(lo, hi);
    for (let e = 1; e <= n; e++) {
      const factTypes: ("user_profile" | "ongoing_state")[] = [];
      if (rng.random() < o.pProfile) factTypes.push("user_profile");
      factTypes.push("ongoing_state");
      if (rng.random() < o.pSecondState) factTypes.push("ongoing_state");
      events.push({
        domain,
        required: true,
        projectId: pid,
        projectTitle: title,
        eventId: e,
        eventTitle: `${title}, step ${e}`,
        factTypes,
        order: order.n++,
      });
    }
  }
  const ms = events.map(() => rng.randint(months[0], months[1])).sort((a, b) => a - b);
  return events.map((ev, i) => ({ ...ev, month: ms[i] }));
}

function oneOffDrafts(
  rng: Rng,
  domain: string,
  freq: Frequency,
  months: [number, number],
  order: { n: number },
): Draft[] {
  const interval = ONE_OFF_INTERVAL_WEEKS[freq];
  const span = months[1] - months[0] + 1;
  const count = Math.max(1, Math.floor((span * 4) / interval));
  const out: Draft[] = [];
  const topic = () => `${pick(rng, DETAILS)} ${pick(rng, DETAILS)}`;
  for (let k = 1; k <= count; k++) {
    const m = Math.max(1, roundHalfEven((k * interval) / 4.33));
    if (m > span) continue;
    out.push({
      domain,
      month: months[0] - 1 + m,
      required: false,
      projectId: null,
      projectTitle: null,
      eventId: k,
      eventTitle: `${domain}: ${topic()} question`,
      factTypes: [],
      order: order.n++,
    });
  }
  return out;
}

function toSessions(rng: Rng, uuid: string, drafts: Draft[], firstId: number): SessionFile[] {
  const sorted = [...drafts].sort((a, b) =>
    a.month - b.month || Number(b.required) - Number(a.required) || a.order - b.order
  );
  return sorted.map((d, i) => {
    const sessionId = firstId + i;
    const gt: GtMemory[] = d.factTypes.map((type, j) => {
      const id = embeddedFactId(uuid, factId(sessionId, j));
      const code = `${pick(rng, DETAILS)} ${pick(rng, DETAILS)} ${rng.randint(100, 999)}`;
      const fact = type === "user_profile"
        ? `${id} The user ${pick(rng, TRAITS)} (${code}).`
        : `${id} In ${d.projectTitle}, the user ${pick(rng, STATES)} ${code}.`;
      return { type, fact, probing_question: `What about ${code}?`, answer: code };
    });
    return {
      uuid,
      session_id: sessionId,
      month: d.month,
      domain: d.domain,
      memory_required: d.required,
      project_id: d.projectId,
      project_title: d.projectTitle,
      event_id: d.eventId,
      event_title: d.eventTitle,
      event_description: `Simulated session: ${d.eventTitle}.`,
      gt_memory: gt,
      dialogue: [
        {
          role: "user" as const,
          content: gt.length > 0
            ? `About ${d.eventTitle}: ${gt.map((g) => g.fact).join(" ")}`
            : `A quick question on ${d.domain.toLowerCase()}.`,
        },
        { role: "assistant" as const, content: "Noted (simulated reply)." },
      ],
      anchor_life_event: null,
      cross_domain_links: [],
    };
  });
}

function simulateUser(uuid: string, rng: Rng, o: Rates): CohortUser {
  const domains: ProfileDomain[] = DOMAINS.map((name) => {
    const use = rng.random() < o.pUse;
    return {
      domain_name: name,
      use,
      memory_required: use ? rng.random() < o.pRequired : null,
      frequency: use ? pick(rng, FREQS) : null,
      reason: "simulated",
    };
  });
  // Forced, declared: at least one used and one memory-required domain.
  if (!domains.some((d) => d.use)) {
    const d = pick(rng, domains);
    Object.assign(d, { use: true, memory_required: true, frequency: pick(rng, FREQS) });
  }
  if (!domains.some((d) => d.memory_required)) {
    pick(rng, domains.filter((d) => d.use)).memory_required = true;
  }
  const required = domains.filter((d) => d.memory_required === true);
  const skeleton = weightedSample(
    rng,
    required,
    required.map((d) => SKELETON_WEIGHTS[d.frequency!]),
    Math.min(3, required.length),
  ).sort((a, b) => DOMAINS.indexOf(a.domain_name) - DOMAINS.indexOf(b.domain_name));
  const nProjects = skeleton.reduce((s, d) => s + PROJECT_SIZES[d.frequency!][0], 0);
  const totalMonths = Math.min(24, Math.max(12, 3 * nProjects));
  const order = { n: 0 };
  const drafts: Draft[] = [];
  const months: [number, number] = [1, totalMonths];
  for (const { domain_name, frequency } of skeleton) {
    const projects = PROJECT_SIZES[frequency!][0];
    drafts.push(...projectDrafts(rng, domain_name, frequency!, 1, projects, months, o, order));
  }
  const transient = domains.filter((d) => d.use && d.memory_required === false);
  for (const d of transient) {
    drafts.push(...oneOffDrafts(rng, d.domain_name, d.frequency!, months, order));
  }
  const sessions = toSessions(rng, uuid, drafts, 1);
  const user: CohortUser = {
    uuid,
    profile: { uuid, persona: { simulated: true }, domains },
    skeletonDomains: skeleton.map((d) => d.domain_name),
    totalMonths,
    sessions,
    facts: [],
  };
  if (o.profileShift) shiftUser(user, rng, o, drafts, order);
  user.facts = referenceFacts(user.sessions);
  return user;
}

function shiftUser(
  user: CohortUser,
  rng: Rng,
  o: Rates,
  phase1: Draft[],
  order: { n: number },
): void {
  const last = user.sessions.length;
  const demoted = pick(rng, user.skeletonDomains);
  const freqOf = new Map(user.profile.domains.map((d) => [d.domain_name, d.frequency]));
  const candidates = DOMAINS.filter((d) => !user.skeletonDomains.includes(d));
  const added = pick(rng, candidates);
  const addedFreq = pick(rng, FREQS);
  const others = candidates.filter((d) =>
    d !== added && !user.profile.domains.find((p) => p.domain_name === d)!.use
  );
  const addedTransient = others.length > 0 && rng.random() < 0.5 ? pick(rng, others) : null;
  const months: [number, number] = [user.totalMonths + 1, user.totalMonths + 12];
  const drafts: Draft[] = [];
  for (const d of user.skeletonDomains) {
    if (d === demoted) continue;
    const lastProject = Math.max(...phase1.filter((x) => x.domain === d).map((x) => x.projectId!));
    drafts.push(...projectDrafts(rng, d, freqOf.get(d)!, lastProject + 1, 1, months, o, order));
  }
  const addedProjects = Math.min(2, PROJECT_SIZES[addedFreq][0]);
  drafts.push(...projectDrafts(rng, added, addedFreq, 1, addedProjects, months, o, order));
  drafts.push(...oneOffDrafts(rng, demoted, freqOf.get(demoted)!, months, order));
  for (const d of user.profile.domains.filter((p) => p.use && p.memory_required === false)) {
    if (d.domain_name === added) continue;
    drafts.push(...oneOffDrafts(rng, d.domain_name, d.frequency!, months, order));
  }
  if (addedTransient !== null) {
    drafts.push(...oneOffDrafts(rng, addedTransient, pick(rng, FREQS), months, order));
  }
  user.sessions.push(...toSessions(rng, user.uuid, drafts, last + 1));
  user.shift = { lastPhase1Session: last, demoted, added, addedTransient };
}

/**
 * Generates a simulated cohort (deterministic per seed: the same options
 * give a byte-identical {@linkcode cohortToJson}).
 *
 * @example Two users
 * ```ts
 * import { generateCohort } from "./cohort.ts";
 * const c = generateCohort({ users: 2, seed: 1 });
 * if (c.users.length !== 2 || c.users[0].sessions[0].session_id !== 1) throw new Error();
 * ```
 *
 * @param opts users, seed and the simulator's declared rates
 * @returns the cohort (labelled `simulated: true`)
 * @throws {RangeError} for a user count that is not a positive integer or a rate outside [0, 1]
 */
export function generateCohort(opts: CohortOptions = {}): Cohort {
  const o: Rates = {
    users: opts.users ?? 20,
    pUse: opts.pUse ?? 0.25,
    pRequired: opts.pRequired ?? 0.4,
    pProfile: opts.pProfile ?? 0.5,
    pSecondState: opts.pSecondState ?? 0.4,
    profileShift: opts.profileShift ?? false,
  };
  if (!Number.isSafeInteger(o.users) || o.users < 1) {
    throw new RangeError(
      `Cannot generate a cohort: users must be a positive integer, got ${o.users}`,
    );
  }
  for (const k of ["pUse", "pRequired", "pProfile", "pSecondState"] as const) {
    if (!(o[k] >= 0 && o[k] <= 1)) {
      throw new RangeError(`Cannot generate a cohort: ${k} must be in [0, 1], got ${o[k]}`);
    }
  }
  const seed = opts.seed ?? 0;
  const users: CohortUser[] = [];
  for (let i = 1; i <= o.users; i++) {
    const uuid = `sim-${String(i).padStart(3, "0")}`;
    users.push(simulateUser(uuid, new SeededRandom(`${seed}/${uuid}`), o));
  }
  return { simulated: true, seed, options: o, users };
}

/**
 * The cohort as JSON text (stable key order, 2-space indent, trailing newline).
 *
 * @param cohort the cohort
 * @returns the JSON text
 */
export function cohortToJson(cohort: Cohort): string {
  return JSON.stringify(cohort, null, 2) + "\n";
}

/**
 * Writes the cohort as a PerMem-Bench-shaped folder: `<dir>/<uuid>/session_NNNN.json`
 * and `<dir>/<uuid>/profile.json` (readable by `readSessionFolder`).
 *
 * @param write writes one file (default `writeTextAtomic`; a shard's writer records its SHA-256)
 * @throws {InputError} if the folder cannot be made
 */
export async function writeCohort(
  dir: string,
  cohort: Cohort,
  write?: (path: string, text: string) => Promise<void>,
): Promise<void> {
  const put = write ?? (await import("../base/fs.ts")).writeTextAtomic;
  for (const u of cohort.users) {
    await put(`${dir}/${u.uuid}/profile.json`, JSON.stringify(u.profile, null, 2) + "\n");
    for (const s of u.sessions) {
      const name = `session_${String(s.session_id).padStart(4, "0")}.json`;
      await put(`${dir}/${u.uuid}/${name}`, JSON.stringify(s, null, 2) + "\n");
    }
  }
}
