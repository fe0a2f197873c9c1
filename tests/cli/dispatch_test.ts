/** main() in-process: dispatch, help, and the one-line errors of each error kind. */
import assert from "node:assert/strict";
import { UsageError } from "../../lib/cli/command.ts";
import { main } from "../../lib/cli/main.ts";
import { registerCommand } from "../../lib/cli/commands/registry.ts";
import { InputError } from "../../lib/base/errors.ts";

function capture() {
  const out: string[] = [], err: string[] = [];
  return {
    out,
    err,
    io: {
      stdout: (t: string) => void out.push(t),
      stderr: (t: string) => void err.push(t),
      isTerminal: false,
    },
  };
}

const THROWS: Record<string, () => unknown> = {
  "t-usage": () => {
    throw new UsageError("--x expects a number, got 'y'");
  },
  "t-input": () => {
    throw new InputError("p.json", { path: "candidates[2].cost" }, "expected a number >= 0");
  },
  "t-range": () => {
    throw new RangeError("Cannot solve: budget must be a positive finite number, got -1");
  },
  "t-fs": () => {
    throw new Deno.errors.PermissionDenied("write access to out/x");
  },
  "t-bug": () => {
    throw new TypeError("x is undefined\nsecond line");
  },
};
for (const [name, f] of Object.entries(THROWS)) {
  registerCommand(name, `test command ${name}`, () =>
    Promise.resolve({
      name,
      summary: "",
      run: () => Promise.resolve(f() as number),
    }));
}
registerCommand("t-ok", "test command", () =>
  Promise.resolve({
    name: "t-ok",
    summary: "",
    run: (argv, io) => {
      io.stdout(argv.join("|"));
      return Promise.resolve(argv.length === 0 ? 0 : 1);
    },
  }));

Deno.test("main() runs a command with its words and returns its exit code", async () => {
  const c = capture();
  assert.equal(await main(["t-ok"], c.io), 0);
  assert.equal(await main(["t-ok", "a", "--b"], c.io), 1);
  assert.deepEqual(c.out, ["", "a|--b"]);
  assert.deepEqual(c.err, []);
});

Deno.test("main() prints one line and exit 2 for usage, input, range and file system errors", async () => {
  const want: [string, number, string][] = [
    [
      "t-usage",
      2,
      "memaudit t-usage: --x expects a number, got 'y' (see memaudit t-usage --help)\n",
    ],
    [
      "t-input",
      2,
      "memaudit t-input: Cannot read p.json: candidates[2].cost: expected a number >= 0\n",
    ],
    [
      "t-range",
      2,
      "memaudit t-range: Cannot solve: budget must be a positive finite number, got -1\n",
    ],
    ["t-fs", 2, "memaudit t-fs: write access to out/x\n"],
    [
      "t-bug",
      1,
      "memaudit t-bug: internal error: x is undefined second line (set MEMAUDIT_DEBUG=1 for the stack)\n",
    ],
  ];
  for (const [name, code, line] of want) {
    const c = capture();
    assert.equal(await main([name], c.io), code, name);
    assert.deepEqual([c.out, c.err], [[], [line]], name);
  }
});

Deno.test("main() shows the overview for --help and help, on stderr with exit 2 for nothing", async () => {
  const help = capture(), none = capture(), unknown = capture();
  assert.equal(await main(["--help"], help.io), 0);
  assert.match(help.out.join(""), /^ {2}t-ok {2,}test command$/m);
  assert.equal(await main([], none.io), 2);
  assert.deepEqual(none.out, []);
  assert.match(none.err.join(""), /^Usage: memaudit COMMAND/);
  assert.equal(await main(["nope"], unknown.io), 2);
  assert.match(unknown.err.join(""), /^memaudit: unknown command 'nope'; expected one of .*t-ok/);
});

Deno.test("main() ends quietly with 0 when standard output is closed by its reader (| head)", async () => {
  registerCommand("t-pipe", "test command", () =>
    Promise.resolve({
      name: "t-pipe",
      summary: "",
      run: () => Promise.reject(new Deno.errors.BrokenPipe("Broken pipe (os error 32)")),
    }));
  const c = capture();
  assert.equal(await main(["t-pipe"], c.io), 0);
  assert.deepEqual([c.out, c.err], [[], []]);
});
