import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import {
  describeLocomo,
  fetchLocomo,
  locateLocomo,
  LOCOMO_ENV,
  LOCOMO_SHA256,
  locomoConversation,
  locomoHowTo,
} from "../../lib/natural/data_source.ts";
import { sha256Hex } from "../../lib/base/hash.ts";

const bytes = new TextEncoder().encode('[{"sample_id": "x"}]\n');

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("fetchLocomo() rejects a local file whose sha256 differs and writes nothing", async () => {
  await withDir(async (dir) => {
    const src = `${dir}/locomo10.json`;
    await Deno.writeFile(src, bytes);
    const dest = `${dir}/cache/data/locomo10.json`;
    await assert.rejects(
      () => fetchLocomo({ source: src, dest }),
      (e: unknown) =>
        e instanceof InputError && e.file === src && e.message.includes(LOCOMO_SHA256) &&
        e.message.includes("nothing was written"),
    );
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["locomo10.json"]);
  });
});

Deno.test("fetchLocomo() writes a verified copy atomically and replaces an old one", async () => {
  await withDir(async (dir) => {
    const src = `${dir}/src.json`;
    await Deno.writeFile(src, bytes);
    const dest = `${dir}/cache/locomo10.json`;
    const sha = sha256Hex(bytes);
    const r = await fetchLocomo({ source: src, dest, sha256: sha });
    assert.deepEqual(r, { path: dest, sha256: sha, bytes: bytes.length });
    assert.deepEqual(await Deno.readFile(dest), bytes);
    // A failed second fetch keeps the good file and leaves no temporary file.
    await assert.rejects(() => fetchLocomo({ source: src, dest }), InputError);
    assert.deepEqual(await Deno.readFile(dest), bytes);
    assert.deepEqual([...Deno.readDirSync(`${dir}/cache`)].map((e) => e.name), ["locomo10.json"]);
  });
});

Deno.test("fetchLocomo() fails clearly when the download fails", async () => {
  await withDir(async (dir) => {
    const dest = `${dir}/cache/locomo10.json`;
    const offline = () => Promise.reject(new TypeError("fetch failed"));
    await assert.rejects(
      () => fetchLocomo({ dest, fetch: offline }),
      /^Error: Cannot download https:\/\/raw\.githubusercontent\.com\/snap-research\/locomo\/.*: fetch failed/,
    );
    const notFound = () =>
      Promise.resolve(new Response("no", { status: 404, statusText: "Not Found" }));
    await assert.rejects(() => fetchLocomo({ dest, fetch: notFound }), /HTTP 404 Not Found/);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
  });
});

Deno.test("scripts/data.ts exits 1 on a mismatching file and leaves nothing behind", async () => {
  await withDir(async (dir) => {
    const src = `${dir}/bad.json`;
    await Deno.writeFile(src, bytes);
    const dest = `${dir}/out/locomo10.json`;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/data.ts", "--from", src, "--dest", dest],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 1);
    const err = new TextDecoder().decode(out.stderr);
    assert.match(err, /expected sha256 79fa87e9/);
    assert.match(err, /nothing was written/);
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["bad.json"]);
  });
});

Deno.test("locateLocomo() prefers the cache, then the shared copy, else null", async () => {
  await withDir(async (dir) => {
    const cache = `${dir}/locomo10.json`;
    const shared = `${dir}/locomo8.json`;
    const o = { cache, shared, env: false };
    assert.equal(await locateLocomo(o), null);
    await Deno.writeFile(shared, bytes);
    const d = { via: "default", choice: "default" };
    assert.deepEqual(await locateLocomo(o), { path: shared, name: "locomo8.json", ...d });
    await Deno.writeFile(cache, bytes);
    assert.deepEqual(await locateLocomo(o), { path: cache, name: "locomo10.json", ...d });
  });
  const found = await locateLocomo({ env: false });
  assert.ok(found === null || ["locomo10.json", "locomo8.json"].includes(found.name));
});

Deno.test("locateLocomo() honours an explicit choice: locomo8, locomo10 or a path", async () => {
  await withDir(async (dir) => {
    const cache = `${dir}/locomo10.json`;
    const shared = `${dir}/locomo8.json`;
    const own = `${dir}/mine.json`;
    await Deno.writeFile(cache, bytes);
    await Deno.writeFile(shared, bytes);
    await Deno.writeFile(own, bytes);
    const o = { cache, shared, env: false };
    // The cache exists, but locomo8 is chosen: no silent switch to 10 conversations.
    assert.deepEqual(await locateLocomo({ ...o, choice: "locomo8" }), {
      path: shared,
      name: "locomo8.json",
      via: "option",
      choice: "locomo8",
    });
    assert.equal((await locateLocomo({ ...o, choice: "locomo10" }))!.path, cache);
    assert.deepEqual(await locateLocomo({ ...o, choice: own }), {
      path: own,
      name: "mine.json",
      via: "option",
      choice: own,
    });
    await Deno.remove(cache);
    await assert.rejects(
      () => locateLocomo({ ...o, choice: "locomo10" }),
      (e: unknown) =>
        e instanceof InputError && e.file === cache &&
        e.message.includes("chosen by --locomo-data locomo10 to exist") &&
        e.message.includes("deno task data"),
    );
    await assert.rejects(() => locateLocomo({ ...o, choice: `${dir}/absent.json` }), InputError);
  });
});

Deno.test("locateLocomo() reads MEMAUDIT_LOCOMO when no choice is passed", async () => {
  // In a subprocess: the environment is shared by the test files running in parallel.
  await withDir(async (dir) => {
    const own = `${dir}/pinned.json`;
    await Deno.writeFile(own, bytes);
    const code = `
      import { describeLocomo, locateLocomo } from "./lib/natural/data_source.ts";
      const f = await locateLocomo({ cache: "${dir}/none10", shared: "${dir}/none8" });
      const opt = await locateLocomo({ choice: "${own}", shared: "${dir}/none8" });
      const def = await locateLocomo({ env: false, cache: "${own}", shared: "${dir}/x" });
      let err = "";
      try { await locateLocomo({ choice: "locomo8", shared: "${dir}/none8" }); } catch (e) { err = e.message; }
      console.log(JSON.stringify([f, describeLocomo(f, 3), opt.via, def.via, err]));`;
    const run = async (value: string) => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["eval", "--ext=ts", code],
        env: { [LOCOMO_ENV]: value },
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
      return JSON.parse(new TextDecoder().decode(out.stdout));
    };
    const [f, line, optVia, defVia, err] = await run(own);
    assert.deepEqual(f, { path: own, name: "pinned.json", via: "env", choice: own });
    assert.equal(line, `LoCoMo: pinned.json (3 conversations; ${LOCOMO_ENV}=${own})`);
    assert.equal(optVia, "option"); // an explicit option wins over the variable
    assert.equal(defVia, "default"); // env: false ignores it
    assert.match(err, /chosen by --locomo-data locomo8 to exist/);
  });
});

Deno.test("describeLocomo() names the file and how it was chosen", () => {
  assert.equal(
    describeLocomo({
      path: "/x/locomo8.json",
      name: "locomo8.json",
      via: "default",
      choice: "default",
    }, 8),
    "LoCoMo: locomo8.json (8 conversations; default: cache, then ../shared)",
  );
  assert.equal(
    describeLocomo({
      path: "/c/locomo10.json",
      name: "locomo10.json",
      via: "option",
      choice: "locomo10",
    }),
    "LoCoMo: locomo10.json (--locomo-data locomo10)",
  );
});

Deno.test("locomoHowTo() says how to get the data", () => {
  const text = locomoHowTo();
  assert.match(text, /Run `\.\/run data` in the repository \(or `deno task data`/);
  assert.match(text, /snap-research\/locomo/);
  assert.ok(text.includes(LOCOMO_SHA256));
  assert.ok(!text.includes("\n"));
});

Deno.test("locomoConversation() picks one conversation of a file, or names the ones it holds", async () => {
  const tiny = new URL("../systems/fixtures/locomo_tiny.json", import.meta.url).pathname;
  const c = await locomoConversation("conv-tiny", tiny);
  assert.deepEqual([c.sample.sample_id, c.samples.length, c.found.via], ["conv-tiny", 1, "option"]);
  await assert.rejects(
    () => locomoConversation("conv-9", tiny),
    (e: unknown) =>
      e instanceof InputError &&
      /expected a conversation 'conv-9', the file holds conv-tiny$/.test(e.message),
  );
});
