/** Shared by the translate tests: the TranslateError a call throws, as { code, offset, message }. */
import { TranslateError } from "../../src";

export function errorOf(f: () => unknown): { code: string; offset: number; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof TranslateError) return { code: e.code, offset: e.offset, message: e.message };
    throw e;
  }
  throw new Error("no error");
}
