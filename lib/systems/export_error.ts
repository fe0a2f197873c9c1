/**
 * The typed error for a malformed export: it names the file, the record (index and, when readable,
 * id) and the field (DESIGN §7).
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import type { StoreFormat } from "./memory_store.ts";

/** Where a malformed value sits in an export. */
export interface ExportRecordRef {
  /** JSON path of the record, e.g. `results[3]`, `line 2 memories[0]`, `(root)`. */
  path: string;
  /** Index of the record in its list (line number for JSONL rows), or null for the root. */
  index: number | null;
  /** The record's id when it could be read. */
  id?: string;
}

/**
 * A malformed export. Subclass of {@linkcode InputError}: `where.path` is the full JSON path of the
 * bad field (`results[3].memory`), and `record`, `field` and `format` are available separately.
 */
export class ExportFormatError extends InputError {
  /** Always `ExportFormatError`. */
  override name = "ExportFormatError";
  /**
   * Makes the error; the message reads "Cannot read FILE: PATH: FORMAT: EXPECTED (record id 'ID')".
   *
   * @param format the adapter's format
   * @param file file name (or `<memory>`)
   * @param record the record holding the bad value
   * @param field the field name (`memory`, `text`, ...; empty for the record itself)
   * @param expected what should have been there
   */
  constructor(
    readonly format: StoreFormat,
    file: string,
    readonly record: ExportRecordRef,
    readonly field: string,
    expected: string,
  ) {
    const path = field === ""
      ? record.path
      : record.path === "(root)" || record.path === ""
      ? field
      : `${record.path}.${field}`;
    const id = record.id !== undefined ? ` (record id '${record.id}')` : "";
    super(file, { path }, `${format}: ${expected}${id}`);
  }
}

/**
 * The {@linkcode ExportFormatError}s of one format at an export's root (record `(root)`, no index).
 *
 * @returns the error for a file name, the root's field (empty for the root itself) and what should
 *   have been there
 */
export function rootErrors(
  format: StoreFormat,
): (file: string, field: string, expected: string) => ExportFormatError {
  return (file, field, expected) =>
    new ExportFormatError(format, file, { path: "(root)", index: null }, field, expected);
}
