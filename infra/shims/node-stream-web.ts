/**
 * Stands in for `node:stream/web` in the functions' bundles (infra/function-build.ts, `alias`). Its one
 * importer there is @middy/core, which tests `instanceof ReadableStream` only while it streams a response
 * (`streamifyResponse`, which no handler of ours turns on); importing the real module costs ~1.2 ms of CPU
 * at every cold start (docs/benchmarks.md, session 43). The test asks Node's own class when it runs, so
 * its answer is the same; any other name imported from the module fails the build.
 */
export const ReadableStream = {
  [Symbol.hasInstance]: (value: unknown): boolean => value instanceof globalThis.ReadableStream,
};
