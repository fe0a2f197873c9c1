import assert from "node:assert/strict";
import { roundHalfEven } from "../../lib/generate/budgets.ts";
import {
  cohortToJson,
  DOMAINS,
  embeddedFactId,
  generateCohort,
  ONE_OFF_INTERVAL_WEEKS,
  PROJECT_SIZES,
  writeCohort,
} from "../../lib/retention/cohort.ts";
import { readSessionFolder, referenceFacts } from "../../lib/retention/read.ts";

Deno.test("generateCohort() is byte-identical for the same seed and differs for another", () => {
  const a = cohortToJson(generateCohort({ users: 4, seed: 7, profileShift: true }));
  const b = cohortToJson(generateCohort({ users: 4, seed: 7, profileShift: true }));
  const c = cohortToJson(generateCohort({ users: 4, seed: 8, profileShift: true }));
  assert.equal(a, b);
  assert.notEqual(a, c);
});

Deno.test("generateCohort() follows the benchmark's construction rules", () => {
  const cohort = generateCohort({ users: 30, seed: 3 });
  assert.equal(cohort.simulated, true);
  for (const u of cohort.users) {
    const doms = u.profile.domains;
    assert.deepEqual(doms.map((d) => d.domain_name), DOMAINS);
    for (const d of doms) {
      if (!d.use) assert.deepEqual([d.memory_required, d.frequency], [null, null]);
    }
    assert.ok(u.skeletonDomains.length >= 1 && u.skeletonDomains.length <= 3);
    for (const d of u.skeletonDomains) {
      assert.equal(doms.find((p) => p.domain_name === d)!.memory_required, true);
    }
    // total months
    const nProjects = u.skeletonDomains.reduce(
      (s, d) => s + PROJECT_SIZES[doms.find((p) => p.domain_name === d)!.frequency!][0],
      0,
    );
    assert.equal(u.totalMonths, Math.min(24, Math.max(12, 3 * nProjects)));
    // ids 1..N, ordered by (month, memory-required first)
    u.sessions.forEach((s, i) => assert.equal(s.session_id, i + 1));
    for (let i = 1; i < u.sessions.length; i++) {
      const p = u.sessions[i - 1], s = u.sessions[i];
      assert.ok(
        p.month < s.month || (p.month === s.month && (p.memory_required || !s.memory_required)),
      );
    }
    // projects and events by frequency, sequential projects within a domain
    for (const d of u.skeletonDomains) {
      const f = doms.find((p) => p.domain_name === d)!.frequency!;
      const [np, lo, hi] = PROJECT_SIZES[f];
      const ss = u.sessions.filter((s) => s.domain === d);
      const pids = ss.map((s) => s.project_id as number);
      assert.deepEqual([...new Set(pids)], Array.from({ length: np }, (_, i) => i + 1));
      assert.deepEqual(pids, [...pids].sort((a, b) => a - b));
      for (let p = 1; p <= np; p++) {
        const n = pids.filter((x) => x === p).length;
        assert.ok(n >= lo && n <= hi, `${d} project ${p}: ${n} events`);
      }
      for (const s of ss) {
        const types = s.gt_memory.map((g) => g.type);
        assert.ok(types.filter((t) => t === "ongoing_state").length >= 1);
        assert.ok(types.length >= 1 && types.length <= 3);
      }
    }
    // one-off sessions by interval
    for (const d of doms.filter((p) => p.use && p.memory_required === false)) {
      const interval = ONE_OFF_INTERVAL_WEEKS[d.frequency!];
      const count = Math.max(1, Math.floor((u.totalMonths * 4) / interval));
      const months = Array.from(
        { length: count },
        (_, k) => Math.max(1, roundHalfEven(((k + 1) * interval) / 4.33)),
      ).filter((m) => m <= u.totalMonths);
      const ss = u.sessions.filter((s) => s.domain === d.domain_name);
      assert.deepEqual(ss.map((s) => s.month), months, d.domain_name);
      assert.ok(ss.every((s) => !s.memory_required && s.gt_memory.length === 0));
    }
    // facts: embedded unique ids, lifespans by type
    const last = u.sessions.length;
    for (const f of u.facts) {
      assert.ok(f.text!.startsWith(embeddedFactId(u.uuid, f.fact)));
      if (f.type === "user_profile") assert.equal(f.tTarget, last);
    }
    assert.equal(new Set(u.facts.map((f) => f.fact)).size, u.facts.length);
  }
});

Deno.test("generateCohort() with a profile shift demotes one domain and adds one in phase 2", () => {
  for (const u of generateCohort({ users: 10, seed: 5, profileShift: true }).users) {
    const s = u.shift!;
    const phase2 = u.sessions.filter((x) => x.session_id > s.lastPhase1Session);
    assert.ok(phase2.length > 0);
    assert.ok(phase2.every((x) => x.month > u.totalMonths && x.month <= u.totalMonths + 12));
    assert.ok(phase2.filter((x) => x.domain === s.demoted).every((x) => !x.memory_required));
    assert.ok(phase2.some((x) => x.domain === s.added && x.memory_required));
    assert.ok(
      u.sessions.filter((x) => x.session_id <= s.lastPhase1Session).every((x) =>
        x.domain !== s.added || !x.memory_required
      ),
    );
  }
});

Deno.test("writeCohort() writes a folder that readSessionFolder() reads back", async () => {
  const cohort = generateCohort({ users: 2, seed: 11 });
  const dir = await Deno.makeTempDir();
  await writeCohort(dir, cohort);
  const back = await readSessionFolder(dir);
  assert.deepEqual([...back.keys()], ["sim-001", "sim-002"]);
  for (const u of cohort.users) {
    assert.deepEqual(back.get(u.uuid), u.sessions);
    assert.deepEqual(referenceFacts(back.get(u.uuid)!), u.facts);
  }
  await Deno.remove(dir, { recursive: true });
});
