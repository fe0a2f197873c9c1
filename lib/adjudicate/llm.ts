/**
 * An optional LLM adjudicator behind the {@linkcode Adjudicator} interface:
 * an OpenAI-compatible chat-completions endpoint the user configures. Off by
 * default (nothing in the module builds one); every prompt and completion is
 * cached on disk, so a re-run sends no request; the verdict is parsed
 * strictly; requests are bounded in number and time.
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { sha256Hex } from "../base/hash.ts";
import { join } from "node:path";
import { z } from "../base/deps/zod.ts";
import { writeTextAtomic } from "../base/fs.ts";
import type { AdjudicationRequest, Adjudicator, CoverageEdge } from "./types.ts";

/** Verdict labels and their coverage values. */
export const LLM_VERDICT_VALUES: Readonly<Record<"full" | "partial" | "none", number>> = {
  full: 1,
  partial: 0.5,
  none: 0,
};

/** Prompt version; part of every cache key. */
export const LLM_PROMPT_VERSION = "memaudit-coverage-v1";

/** Options of {@linkcode LlmAdjudicator}. */
export interface LlmAdjudicatorOptions {
  /** Base URL of the OpenAI-compatible API (e.g. `http://127.0.0.1:8000/v1`); `/chat/completions` is appended. */
  baseUrl: string;
  /** Model name sent in the request and recorded in the provenance `llm:<model>`. */
  model: string;
  /** Folder of the prompt/completion cache (one JSON file per prompt hash). */
  cacheDir: string;
  /** Bearer token, if the endpoint needs one (passed in by the caller; never read from the environment here). */
  apiKey?: string;
  /** Most HTTP requests this adjudicator will send, retries included (default 100). */
  maxRequests?: number;
  /** Per-request timeout in milliseconds (default 60,000). */
  timeoutMs?: number;
  /** Retries after HTTP 429 or 5xx (default 1). */
  maxRetries?: number;
  /** Show the future query to the model when the request carries one (default false). */
  showQuestion?: boolean;
  /** The fetch function (default `globalThis.fetch`). */
  fetch?: typeof fetch;
}

/** A completion that is not a valid verdict (strict parsing). */
export class LlmVerdictError extends Error {
  /** Always `LlmVerdictError`. */
  override name = "LlmVerdictError";
  /**
   * An error naming the prompt and what is wrong with the completion.
   *
   * @param promptHash cache key of the prompt
   * @param problem what is wrong
   */
  constructor(readonly promptHash: string, readonly problem: string) {
    super(`Cannot read the LLM verdict for prompt ${promptHash.slice(0, 12)}: ${problem}`);
  }
}

/** The chat messages of one adjudication request. */
export interface LlmMessages {
  /** The system message (instructions). */
  system: string;
  /** The user message (memory, units, question). */
  user: string;
}

/**
 * Builds the prompt: the memory, the units (id and text), optionally the
 * question, and the required JSON answer format.
 *
 * @param request the adjudication request
 * @param showQuestion include the question when present
 * @returns system and user messages
 */
export function llmPrompt(request: AdjudicationRequest, showQuestion = false): LlmMessages {
  const system =
    "You label coverage for a memory benchmark. For each evidence unit, decide whether the memory " +
    "states the unit's information: full (everything a reader needs from the unit), partial (some " +
    "of it), or none. Judge only from the texts given. Answer with JSON only, no prose.";
  const lines = [
    `Memory:\n${request.memory.text}`,
    "",
    "Evidence units:",
    ...request.units.map((u) => `- id ${JSON.stringify(u.id)}: ${u.text}`),
  ];
  if (showQuestion && request.question) lines.push("", `Future question: ${request.question}`);
  lines.push(
    "",
    'Answer exactly {"verdicts": [{"unit": "<id>", "coverage": "full" | "partial" | "none", ' +
      '"rationale": "<short>"}]} with one verdict per listed unit id.',
  );
  return { system, user: lines.join("\n") };
}

const VerdictSchema = z.object({
  verdicts: z.array(
    z.object({
      unit: z.string(),
      coverage: z.enum(["full", "partial", "none"]),
      rationale: z.string().optional(),
    }).strict(),
  ),
}).strict();

/**
 * Parses a completion strictly: one JSON object (optionally inside a single
 * ```json fence and nothing else) matching `{"verdicts": [...]}`, with every
 * requested unit exactly once and no other unit.
 *
 * @param completion the completion text
 * @param unitIds the requested unit ids
 * @param promptHash the prompt's cache key (for errors)
 * @returns one verdict per unit, in `unitIds` order
 * @throws {LlmVerdictError} on anything else
 */
export function parseLlmVerdict(
  completion: string,
  unitIds: readonly string[],
  promptHash = "",
): { unit: string; coverage: "full" | "partial" | "none"; value: number; rationale?: string }[] {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(completion);
  const body = fenced ? fenced[1] : completion;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw new LlmVerdictError(promptHash, "the completion is not a single JSON object");
  }
  const r = VerdictSchema.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new LlmVerdictError(promptHash, `${i.path.join(".") || "(root)"}: ${i.message}`);
  }
  const byUnit = new Map<string, (typeof r.data.verdicts)[number]>();
  for (const v of r.data.verdicts) {
    if (!unitIds.includes(v.unit)) {
      throw new LlmVerdictError(promptHash, `unknown unit '${v.unit}'`);
    }
    if (byUnit.has(v.unit)) throw new LlmVerdictError(promptHash, `unit '${v.unit}' judged twice`);
    byUnit.set(v.unit, v);
  }
  const missing = unitIds.filter((u) => !byUnit.has(u));
  if (missing.length > 0) {
    throw new LlmVerdictError(promptHash, `no verdict for unit(s) ${missing.join(", ")}`);
  }
  return unitIds.map((u) => {
    const v = byUnit.get(u)!;
    const out: { unit: string; coverage: typeof v.coverage; value: number; rationale?: string } = {
      unit: u,
      coverage: v.coverage,
      value: LLM_VERDICT_VALUES[v.coverage],
    };
    if (v.rationale !== undefined) out.rationale = v.rationale;
    return out;
  });
}

interface CacheEntry {
  prompt_version: string;
  model: string;
  messages: LlmMessages;
  completion: string;
}

/**
 * The LLM adjudicator. `requests` counts HTTP requests sent, `cacheHits`
 * answers served from the cache.
 */
export class LlmAdjudicator implements Adjudicator {
  /** `llm:<model>`. */
  readonly name: string;
  /** HTTP requests sent so far. */
  requests = 0;
  /** Answers served from the cache so far. */
  cacheHits = 0;
  readonly #opts: LlmAdjudicatorOptions;

  /**
   * An adjudicator asking an OpenAI-compatible chat endpoint, with an on-disk cache.
   *
   * @param opts endpoint, model, cache folder and bounds
   * @throws {RangeError} on a base URL that is not http(s) or bounds that are not positive
   */
  constructor(opts: LlmAdjudicatorOptions) {
    if (!/^https?:\/\//.test(opts.baseUrl)) {
      throw new RangeError(`Cannot use LLM endpoint '${opts.baseUrl}': expected an http(s) URL`);
    }
    if ((opts.maxRequests ?? 100) < 1 || (opts.timeoutMs ?? 60000) <= 0) {
      throw new RangeError(
        "Cannot build an LLM adjudicator: maxRequests and timeoutMs must be positive",
      );
    }
    this.#opts = opts;
    this.name = `llm:${opts.model}`;
  }

  /**
   * The cache key of a prompt: SHA-256 of the prompt version, model and messages.
   *
   * @param messages the prompt
   * @returns 64 hex digits
   */
  promptHash(messages: LlmMessages): string {
    return sha256Hex(
      JSON.stringify([LLM_PROMPT_VERSION, this.#opts.model, messages.system, messages.user]),
    );
  }

  async #complete(messages: LlmMessages, hash: string): Promise<string> {
    const path = join(this.#opts.cacheDir, `${hash}.json`);
    try {
      const entry = JSON.parse(await Deno.readTextFile(path)) as CacheEntry;
      if (typeof entry.completion === "string") {
        this.cacheHits++;
        return entry.completion;
      }
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) {
        throw new Error(`Cannot read the LLM cache file ${path}: ${(e as Error).message}`);
      }
    }
    const url = `${this.#opts.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    const body = JSON.stringify({
      model: this.#opts.model,
      temperature: 0,
      messages: [
        { role: "system", content: messages.system },
        { role: "user", content: messages.user },
      ],
    });
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.#opts.apiKey) headers.authorization = `Bearer ${this.#opts.apiKey}`;
    const fetchFn = this.#opts.fetch ?? globalThis.fetch;
    const maxRetries = this.#opts.maxRetries ?? 1;
    for (let attempt = 0;; attempt++) {
      if (this.requests >= (this.#opts.maxRequests ?? 100)) {
        throw new RangeError(
          `Cannot adjudicate with ${this.name}: the request bound (${
            this.#opts.maxRequests ?? 100
          }) is spent (what was answered is cached: raise the bound and run again)`,
        );
      }
      this.requests++;
      const res = await fetchFn(url, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.timeout(this.#opts.timeoutMs ?? 60000),
      }).catch((e: unknown) => {
        // Unreachable, refused, timed out: the endpoint the user named does not answer.
        throw new InputError(
          url,
          { path: "" },
          `expected an OpenAI-compatible endpoint that answers (${(e as Error).message})`,
          [],
          "reach",
        );
      });
      if (res.ok) {
        const data = await res.json().catch(() => null);
        const content = data?.choices?.[0]?.message?.content;
        if (typeof content !== "string") {
          throw new LlmVerdictError(hash, "the response has no choices[0].message.content string");
        }
        const entry: CacheEntry = {
          prompt_version: LLM_PROMPT_VERSION,
          model: this.#opts.model,
          messages,
          completion: content,
        };
        await writeTextAtomic(path, JSON.stringify(entry, null, 1) + "\n");
        return content;
      }
      await res.body?.cancel();
      const retryable = res.status === 429 || res.status >= 500;
      if (!retryable || attempt >= maxRetries) {
        throw new InputError(
          url,
          { path: "" },
          `expected a completion, the endpoint answered HTTP ${res.status} (adjudicator ${this.name})`,
          [],
          "use",
        );
      }
    }
  }

  /**
   * Asks the model (or the cache) for one verdict per unit.
   *
   * @param request memory and units
   * @returns edges with value > 0 (full 1, partial 0.5), provenance `llm:<model>`
   * @throws {LlmVerdictError} when the completion is not a valid verdict (the completion stays cached)
   * @throws {Error} when the request bound is spent
   * @throws {InputError} when the endpoint cannot be reached or answers an HTTP error
   */
  async adjudicate(request: AdjudicationRequest): Promise<CoverageEdge[]> {
    if (request.units.length === 0) return [];
    const messages = llmPrompt(request, this.#opts.showQuestion ?? false);
    const hash = this.promptHash(messages);
    const completion = await this.#complete(messages, hash);
    return parseLlmVerdict(completion, request.units.map((u) => u.id), hash)
      .filter((v) => v.value > 0)
      .map((v) => {
        const e: CoverageEdge = { unit: v.unit, value: v.value, provenance: this.name };
        if (v.rationale !== undefined) e.rationale = v.rationale;
        return e;
      });
  }
}
