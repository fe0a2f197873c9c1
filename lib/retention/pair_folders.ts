/**
 * Pairs a PerMem-Bench data folder with one system's snapshot folder, user
 * by user (paper 003; COMPANIONS §2(b)). A user with sessions but no snapshot
 * folder has no banks at all: scored, every fact would be absent and the user
 * would pull the benchmark mean toward 0 for a file that is missing, not for
 * a memory that forgot. Such users are left out with a warning, and so are
 * snapshot folders of users the data folder does not have.
 *
 * @module
 */

/** The users both folders have, and what was left out. */
export interface PairedFolders<S, B> {
  /** Session files of the users that have snapshots, by user (the data folder's order). */
  sessions: Map<string, S>;
  /** Snapshots of those users. */
  snapshots: Map<string, B>;
  /** One sentence per user left out. */
  warnings: string[];
}

/**
 * Keeps the users present in both folders.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairSnapshotFolders } from "./pair_folders.ts";
 * const p = pairSnapshotFolders(
 *   new Map([["u1", 1], ["u2", 2]]),
 *   new Map([["u1", "b1"]]),
 *   { sessions: "data", snapshots: "snaps" },
 * );
 * assert.deepEqual([...p.sessions.keys()], ["u1"]);
 * assert.ok(p.warnings[0].startsWith("user u2 has sessions in data but no snapshot folder"));
 * ```
 *
 * @param sessions session files by user (from the data folder)
 * @param snapshots snapshots by user (from the snapshot folder)
 * @param dirs the two folders' paths, for the warnings
 * @returns the paired users and a warning for each user left out
 */
export function pairSnapshotFolders<S, B>(
  sessions: ReadonlyMap<string, S>,
  snapshots: ReadonlyMap<string, B>,
  dirs: { sessions: string; snapshots: string },
): PairedFolders<S, B> {
  const out: PairedFolders<S, B> = { sessions: new Map(), snapshots: new Map(), warnings: [] };
  for (const [user, s] of sessions) {
    const b = snapshots.get(user);
    if (b === undefined) {
      out.warnings.push(
        `user ${user} has sessions in ${dirs.sessions} but no snapshot folder in ` +
          `${dirs.snapshots}: left out (not scored as retaining nothing)`,
      );
      continue;
    }
    out.sessions.set(user, s);
    out.snapshots.set(user, b);
  }
  for (const user of snapshots.keys()) {
    if (!sessions.has(user)) {
      out.warnings.push(
        `user ${user} has snapshots in ${dirs.snapshots} but no sessions in ${dirs.sessions}: ` +
          "left out",
      );
    }
  }
  return out;
}
