// memaudit's driver for Memvid (npm @memvid/sdk, native addon @memvid/sdk-linux-x64-gnu), run
// with Node from .cache/systems/memvid/ by `memaudit write --system memvid`.
//
//   node write.mjs INPUT.json OUTPUT.json WORKDIR
//
// INPUT.json: {user_id, turns: [{title, text, timestamp, metadata}]}: one `put()` frame per
// entry, in order (memaudit makes an entry per session, its turns' lines, or per turn), with
// the session date as the frame's timestamp (epoch seconds).
// Then `enrich("rules")` (the offline rule engine extracts memory cards; no LLM), and
// OUTPUT.json is `memories()`: {cards: [...], count}, every card of the file, in a canonical
// order with ids renumbered 0, 1, ... in it: memvid lists its cards, and numbers them, in an
// order that changes from run to run (the same cards every time), so its own ids would make two
// writes of one conversation differ. The order: each card's JSON without its id, compared as text.
// Standard output: one JSON line {package, version, added, exported, frames}.
// The .mv2 file lives under WORKDIR; no embedding is made (lexical index only); telemetry off.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { create } from "@memvid/sdk";

/** The installed version of a package, from its package.json beside this script. */
function packageVersion(name) {
  const file = new URL(`./node_modules/${name}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")).version;
}

/** The cards sorted by their JSON without the id (keys as memvid gives them), ids renumbered. */
function canonical(memories) {
  const keyed = memories.cards.map((card) => {
    const { id: _id, ...rest } = card;
    return { card, key: JSON.stringify(rest) };
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { ...memories, cards: keyed.map(({ card }, i) => ({ ...card, id: i })) };
}

async function main() {
  const [input, output, work] = process.argv.slice(2);
  const { turns } = JSON.parse(readFileSync(input, "utf8"));
  const mv = await create(join(work, "store.mv2"), "basic", { enableVec: false });
  for (const t of turns) {
    await mv.put({
      title: t.title,
      label: "turn",
      text: t.text,
      timestamp: t.timestamp,
      metadata: t.metadata,
      enableEmbedding: false,
    });
  }
  await mv.enrich("rules");
  const memories = await mv.memories();
  if (memories.cards.length !== memories.count) {
    throw new Error(
      `memories() listed ${memories.cards.length} cards, its count says ${memories.count}`,
    );
  }
  const frames = (await mv.stats()).frame_count ?? null;
  await mv.seal();
  writeFileSync(output, JSON.stringify(canonical(memories), null, 2) + "\n");
  process.stdout.write(
    JSON.stringify({
      package: "@memvid/sdk",
      version: packageVersion("@memvid/sdk"),
      native: packageVersion("@memvid/sdk-linux-x64-gnu"),
      added: turns.length,
      exported: memories.cards.length,
      frames,
    }) + "\n",
  );
}

main().catch((err) => {
  process.stderr.write(`memvid driver: ${err?.stack ?? err}\n`);
  process.exit(1);
});
