/**
 * Date text of LongMemEval (`2023/05/20 (Sat) 02:21`) and LoCoMo
 * (`1:56 pm on 8 May, 2023`) to minutes since the epoch (UTC) and back.
 *
 * @module
 */

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = (
  "january february march april may june july august september october november december"
).split(" ");

function minutes(y: number, mo: number, d: number, h: number, mi: number): number | null {
  const ms = Date.UTC(y, mo, d, h, mi);
  const t = new Date(ms);
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo || t.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59) return null;
  return ms / 60000;
}

/** `2023/05/20 (Sat) 02:21` (weekday optional and not checked) → minutes, or null. */
export function parseLongMemEvalDate(text: string): number | null {
  const m = /^\s*(\d{4})\/(\d{1,2})\/(\d{1,2})(?:\s*\(\w+\))?\s+(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  return minutes(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}

/** Minutes since the epoch → `2023/05/20 (Sat) 02:21`. */
export function formatLongMemEvalDate(min: number): string {
  const t = new Date(min * 60000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${t.getUTCFullYear()}/${p(t.getUTCMonth() + 1)}/${p(t.getUTCDate())} (${
    DAYS[t.getUTCDay()]
  }) ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}`;
}

/** `1:56 pm on 8 May, 2023` → minutes, or null. */
export function parseLocomoDate(text: string): number | null {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i
    .exec(text);
  if (!m) return null;
  const mo = MONTHS.indexOf(m[5].toLowerCase());
  let h = Number(m[1]);
  if (mo < 0 || h < 1 || h > 12) return null;
  const pm = m[3].toLowerCase() === "pm";
  if (h === 12) h = pm ? 12 : 0;
  else if (pm) h += 12;
  return minutes(Number(m[6]), mo, Number(m[4]), h, Number(m[2]));
}
