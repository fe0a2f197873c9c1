/**
 * Every numeric flag of every command refuses a bad value in one wording (lib/cli/shared.ts:
 * parseIntFlag, parseRealFlag, parseProbabilityFlag, parseSeedFlag, parseNumberList): exit 2, no
 * output, one line on stderr `memaudit CMD: --flag: expected WHAT, got "TEXT" (see ... --help)`
 * naming the flag and the text given, never a stack trace.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { main } from "../../lib/cli/main.ts";
import { EXAMPLE, memaudit } from "./_run.ts";

/** One bad value: the words of the command line before the flag, the flag, the text, the rule. */
type Case = { argv: string[]; flag: string; text: string; expected: string };

const OUT = join(Deno.makeTempDirSync({ prefix: "memaudit_numeric_flags_" }), "out");
const FACTS = ["--facts", "tests/retention/fixtures/facts.csv"];
const PRESENCE = ["--presence", "tests/retention/fixtures/presence.csv"];
const TRAJ = "tests/scale/fixtures/memaudit.jsonl";
const LME = "tests/scale/fixtures/longmemeval_small.json";

/** The command lines (without the flag) and, per numeric flag, what it takes. */
const FLAGS: [string[], Record<string, string>][] = [
  [["solve", EXAMPLE], {
    "--budgets": "a number > 0",
    "--k": "an integer >= 1",
    "--time-limit": "an integer >= 0",
  }],
  [["solve", EXAMPLE, EXAMPLE], { "--workers": "an integer in [1, 64]" }],
  [["writers", EXAMPLE], {
    "--budgets": "a number > 0",
    "--k": "an integer >= 1",
    "--time-limit": "an integer >= 0",
  }],
  [["store", "--package", EXAMPLE, "--store", "data/examples/vegetarian_store.txt"], {
    "--budgets": "a number > 0",
    "--llm-max-requests": "an integer >= 1",
  }],
  [["natural", "--out", OUT], {
    "--budgets": "a number > 0",
    "--k": "an integer >= 1",
    "--llm-max-requests": "an integer >= 1",
  }],
  [["sweep", "--out", OUT], {
    "--seeds": "an integer in [1, 10000000]",
    "--workers": "an integer in [1, 1024]",
  }],
  [[
    "write",
    "--system",
    "mem0",
    "--locomo",
    "conv-26",
    "--llm",
    "http://127.0.0.1:9",
    "--out",
    OUT,
  ], {
    "--llm-timeout": "a number > 0",
  }],
  [["scale", "score", TRAJ], {
    "--budget": "an integer >= 0",
    "--alpha": "a probability in [0, 1]",
    "--resamples": "an integer in [0, 1000000]",
  }],
  [["scale", "ladder", LME, "--out", OUT], {
    "--limit": "an integer >= 0",
    "--n-irr": "an integer >= 0",
  }],
  [["scale", "simulate", OUT, "--out", join(OUT, "t.jsonl")], {
    "--k": "an integer >= 1",
    "--epsilon-read": "a probability in [0, 1]",
    "--gamma-guess": "a probability in [0, 1]",
  }],
  [["scale", "recall", `o=${LME}`], {
    "--k": "an integer >= 1",
    "--alpha": "a probability in [0, 1]",
    "--resamples": "an integer in [0, 1000000]",
  }],
  [["retention", "rr", ...FACTS, ...PRESENCE], { "--k": "an integer >= 2" }],
  [["retention", "simulate", "--out", OUT], {
    "--users": "an integer >= 1",
    "--budget": "an integer >= 0",
  }],
];

/** Commands whose `--seed` takes any non-empty word: only an empty or blank one is refused. */
const SEEDED = [
  ["scale", "score", TRAJ],
  ["scale", "ladder", LME, "--out", OUT],
  ["scale", "simulate", OUT, "--out", join(OUT, "t.jsonl")],
  ["scale", "recall", `o=${LME}`],
  ["retention", "simulate", "--out", OUT],
];

/** Each numeric flag with a word, a sign, hex, an exponent and (where bounded) a value past it. */
function cases(): Case[] {
  const out: Case[] = [];
  for (const [argv, flags] of FLAGS) {
    for (const [flag, expected] of Object.entries(flags)) {
      const texts = ["x", "-1", "0x10", ""];
      if (expected.startsWith("an integer")) texts.push("1.5", "1e3");
      if (expected.includes("probability")) texts.push("1.5", "1e3");
      const bound = /in \[\d+, (\d+)\]/.exec(expected)?.[1];
      if (bound !== undefined) texts.push(String(Number(bound) + 1));
      for (const text of texts) out.push({ argv, flag, text, expected });
    }
  }
  for (const argv of SEEDED) {
    for (const text of ["", "  "]) {
      out.push({ argv, flag: "--seed", text, expected: "an integer or a word" });
    }
  }
  return out;
}

/** The one line a refusal prints: the command, the flag, what it takes, the text given. */
function refusal(c: Case): string {
  const [cmd, sub] = c.argv;
  const help = c.argv[0] === "scale" || c.argv[0] === "retention" ? `${cmd} ${sub}` : cmd;
  return `memaudit ${cmd}: ${c.flag}: expected ${c.expected}, got ${JSON.stringify(c.text)} ` +
    `(see memaudit ${help} --help)\n`;
}

Deno.test("every numeric flag of every command refuses a bad value in one wording: exit 2, one line naming the flag and the text", async () => {
  const all = cases();
  assert.ok(all.length > 150, `${all.length} cases`);
  for (const c of all) {
    let stdout = "";
    let stderr = "";
    const code = await main([...c.argv, c.flag, c.text], {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      isTerminal: false,
    });
    const label = [...c.argv.slice(0, 2), c.flag, JSON.stringify(c.text)].join(" ");
    assert.equal(code, 2, `${label}: ${stderr}`);
    assert.equal(stdout, "", label);
    assert.equal(stderr, refusal(c), label);
  }
  await Deno.remove(dirname(OUT), { recursive: true });
});

Deno.test("a bad numeric flag through the real entry point: exit 2, one line, no stack trace", async () => {
  const r = await memaudit(["scale", "score", TRAJ, "--budget", "two"]);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.equal(
    r.stderr,
    'memaudit scale: --budget: expected an integer >= 0, got "two" (see memaudit scale score --help)\n',
  );
});
