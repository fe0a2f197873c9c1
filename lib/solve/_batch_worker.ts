/**
 * Worker entry of `memaudit solve PACKAGE... --workers N` (lib/solve/batch.ts): compiles each
 * package it is sent (a package the main thread read and checked) and certifies it at each of
 * its budgets, replying with the rows. Not a public API.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { compilePackage } from "../package/compile.ts";
import { loadMilpSolver } from "./highs.ts";
import { type BatchReply, type BatchRequest, solvePackageRows } from "./batch.ts";

// HiGHS' WebAssembly compiles while the first package is sent (a failure is the solve's to report).
loadMilpSolver().catch(() => {});

self.onmessage = async (e: MessageEvent<BatchRequest>) => {
  const { index, file, pkg, budgets, opts } = e.data;
  try {
    const rows = await solvePackageRows({ file, cp: compilePackage(pkg), budgets }, opts);
    self.postMessage({ index, rows } satisfies BatchReply);
  } catch (err) {
    const error = err instanceof Error
      ? { name: err.name, message: err.message }
      : { name: "Error", message: String(err) };
    self.postMessage({ index, error } satisfies BatchReply);
  }
};
