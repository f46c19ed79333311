/**
 * `url-pipeline from-path --posix|--windows [--] PATH` and `url-pipeline to-path --posix|--windows [--] URL`: a
 * local path as a `file:` URL and back (RFC 8089, D25). The two are one module: each is the other's inverse.
 */
import { fromPath, toPath, type PathFlavor } from "../meaning/file-path";
import { NO_OPTIONS } from "../parse";
import { answer, type AnswerIo } from "./answer";

export function fromPathCommand(path: string, flavor: PathFlavor, io: AnswerIo): number {
  return answer("from-path", io, NO_OPTIONS, () => fromPath(path, { flavor }));
}

export function toPathCommand(url: string, flavor: PathFlavor, io: AnswerIo): number {
  return answer("to-path", io, NO_OPTIONS, () => toPath(url, { flavor }));
}
