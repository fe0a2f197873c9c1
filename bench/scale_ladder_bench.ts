/**
 * Ladder construction speed (issue 11: the default ladder for every LoCoMo
 * QA item of ../shared/data in < 10 s). Cases: the whole path from the JSON
 * file (read, validate, convert, build); from validated samples (convert,
 * build); and the build alone. The default LoCoMo ladder is N_irr = 0, 50,
 * 100, 150 and the largest reachable value (185 on locomo8.json).
 *
 * Run: `deno bench -A bench/scale_ladder_bench.ts`. Skipped when the shared
 * LoCoMo file is absent.
 *
 * @module
 */
import { loadLocomo } from "../lib/natural/load_locomo.ts";
import { sharedDataPath } from "../lib/natural/shared_data.ts";
import { buildLadder } from "../lib/scale/ladder.ts";
import { locomoLadderSource } from "../lib/scale/sources/locomo.ts";

const path = sharedDataPath("locomo/locomo8.json");
const samples = path ? await loadLocomo(path) : [];
const source = locomoLadderSource(samples);

Deno.bench({
  name: "LoCoMo default ladder, every QA item: file → ladder",
  ignore: path === null,
  n: 5,
  async fn() {
    const s = await loadLocomo(path!);
    const l = buildLadder(locomoLadderSource(s), { seed: 0 });
    if (l.queries.length !== 1580) throw new Error(`${l.queries.length} queries`);
  },
});

Deno.bench({
  name: "LoCoMo default ladder, every QA item: samples → ladder",
  ignore: path === null,
  n: 5,
  fn() {
    buildLadder(locomoLadderSource(samples), { seed: 0 });
  },
});

Deno.bench({
  name: "LoCoMo default ladder, every QA item: build only",
  ignore: path === null,
  n: 5,
  fn() {
    buildLadder(source, { seed: 0 });
  },
});
