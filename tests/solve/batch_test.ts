/** lib/solve/batch.ts: listing and reading the packages of `memaudit solve PACKAGE... | DIR`. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { batchThreads, listBatch, readBatch } from "../../lib/solve/batch.ts";
import { batchSummary } from "../../lib/cli/solve_batch_out.ts";
import { InputError } from "../../lib/base/errors.ts";
import { withTempDir } from "../_tmp.ts";
import { TWO_UNITS } from "../cli/_two_units.ts";

Deno.test("listBatch() names a link that loops in a folder in its warning and lists the packages", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.json"), JSON.stringify(TWO_UNITS));
    await Deno.symlink("loop.json", join(dir, "loop.json"));
    const got = await listBatch([dir]);
    assert.deepEqual(got.files, [join(dir, "a.json")]);
    assert.deepEqual(got.warnings, [
      `${dir}: not read (not a *.json file nor a CSV package folder): loop.json (a link that loops)`,
    ]);
  });
});

Deno.test("listBatch() refuses a listed link that loops with an InputError naming it", async () => {
  await withTempDir(async (dir) => {
    const loop = join(dir, "loop.json");
    await Deno.symlink("loop.json", loop);
    await assert.rejects(
      () => listBatch([loop]),
      (e: unknown) =>
        e instanceof InputError && e.file === loop &&
        e.message === `Cannot read ${loop}: (root): expected an existing package file or ` +
            "folder, found a link that loops",
    );
  });
});

Deno.test("readBatch() warns of a file listed twice and of a budget a package lists twice, once each", async () => {
  await withTempDir(async (dir) => {
    const a = join(dir, "a.json"), b = join(dir, "b.json"), c = join(dir, "c.json");
    await Deno.writeTextFile(a, JSON.stringify(TWO_UNITS));
    await Deno.writeTextFile(b, JSON.stringify(TWO_UNITS));
    await Deno.writeTextFile(c, JSON.stringify({ ...TWO_UNITS, id: "c", budgets: [7, 3, 7] }));
    const got = await readBatch([a, a, b, c, a], undefined);
    assert.deepEqual(got.packages.map((p) => [p.file, p.budgets]), [
      [a, [3, 7]],
      [a, [3, 7]],
      [b, [3, 7]],
      [c, [7, 3, 7]],
      [a, [3, 7]],
    ]);
    assert.deepEqual(got.warnings, [
      `${a} is listed 3 times (solved 3 times: its rows repeat)`,
      `package id 'two_units' is in both ${a} and ${b} (both solved)`,
      `${c}: budget 7 is in its budgets 2 times (solved 2 times: its rows repeat)`,
    ]);
    // The --out summary recomputes the same warnings from the rows and the listed files.
    const rows = got.packages.flatMap((p) =>
      p.budgets.map((budget) => ({
        package: p.cp.pkg.id,
        file: p.file,
        budget,
        k: 1,
        status: "optimal" as const,
        objective: 1,
        bound: 1,
        gap: 0,
        method: "bnb",
        digest: "d",
      }))
    );
    const settings = {
      files: [a, a, b, c, a],
      budgets: null,
      solver: "auto",
      k: null,
      time_limit_ms: null,
    };
    assert.deepEqual(batchSummary(settings, rows, 5).warnings, got.warnings);
  });
});

Deno.test("listBatch() says why a *.json entry is not read: a link to nothing, a name that is not UTF-8", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.json"), JSON.stringify(TWO_UNITS));
    await Deno.symlink("nowhere.json", join(dir, "dangling.json"));
    // A file whose name holds the byte 0xff (Deno lists it with U+FFFD, a name no path opens).
    const sh = await new Deno.Command("sh", {
      args: ["-c", 'printf x > "$1/$(printf "bad\\377.json")"', "sh", dir],
    }).output();
    assert.equal(sh.code, 0);
    const got = await listBatch([dir]);
    assert.deepEqual(got.files, [join(dir, "a.json")]);
    assert.deepEqual(got.warnings, [
      `${dir}: not read (not a *.json file nor a CSV package folder): bad\ufffd.json (its name ` +
      "is not UTF-8), dangling.json (a link to nothing)",
    ]);
  });
});

Deno.test("listBatch() refuses a folder with no package, naming what it holds (it does not look into subfolders)", async () => {
  await withTempDir(async (dir) => {
    await Deno.mkdir(join(dir, "nested", "sub"), { recursive: true });
    await Deno.writeTextFile(join(dir, "nested", "sub", "a.json"), JSON.stringify(TWO_UNITS));
    await Deno.writeTextFile(join(dir, "nested", "notes.txt"), "x");
    await Deno.mkdir(join(dir, "empty"));
    const refused = async (path: string, expected: string) =>
      await assert.rejects(
        () => listBatch([path]),
        (e: unknown) =>
          e instanceof InputError && e.message === `Cannot read ${path}: (root): ${expected}`,
      );
    await refused(
      join(dir, "nested"),
      "expected package files (*.json) or CSV package folders in it, found none (not read: " +
        "notes.txt, sub/; subfolders are not searched)",
    );
    await refused(
      join(dir, "empty"),
      "expected package files (*.json) or CSV package folders in it, found none (it is empty)",
    );
  });
});

Deno.test("batchThreads() starts at most two worker threads per core, and no more than packages", () => {
  const cores = navigator.hardwareConcurrency ?? 1;
  assert.equal(batchThreads(64, 64), Math.min(64, 2 * cores));
  assert.equal(batchThreads(64, 3), Math.min(3, 2 * cores));
  assert.equal(batchThreads(2, 64), Math.min(2, 2 * cores));
  assert.equal(batchThreads(1, 64), 1);
  assert.equal(batchThreads(5, 1), 1);
});
