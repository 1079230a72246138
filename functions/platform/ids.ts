/**
 * Every id the functions mint: a 24-character cuid2 (a lowercase letter, then 23 of `0-9a-z`), built as
 * @paralleldrive/cuid2's `createId` builds it: SHA3-512 of the time, a random salt, a session counter and
 * a host fingerprint, in base 36. Two differences, both for the cold start (docs/benchmarks.md, "Cold
 * import (issue 29 item 1)"): the hash is node:crypto's native SHA3 instead of cuid2's pure-JS one, and
 * the fingerprint is built on the first id instead of at import (cuid2 hashes it when its module loads,
 * a tenth of a bundle's cold import in the interpreter).
 */
import { createHash, randomInt } from 'node:crypto';

const LENGTH = 24;
const FINGERPRINT_LENGTH = 32;
/** cuid2's: ~22k hosts before a 50% chance that two start their counters alike. */
const INITIAL_COUNT_MAX = 476_782_367;

/** Random base-36 characters; cuid2 uses Math.random, a CSPRNG costs nothing more here. */
const entropy = (length: number): string => {
  let out = '';
  while (out.length < length) out += randomInt(36).toString(36);
  return out;
};

/** SHA3-512 as one base-36 number, its first character dropped (it would bias the histogram). */
const hash = (input: string): string =>
  BigInt(`0x${createHash('sha3-512').update(input).digest('hex')}`)
    .toString(36)
    .slice(1);

let fingerprint: string | undefined;
let counter = 0;

/** A new cuid2. */
export function newId(): string {
  if (fingerprint === undefined) {
    // The host's globals and a random string, as cuid2's createFingerprint.
    fingerprint = hash(Object.keys(globalThis).toString() + entropy(FINGERPRINT_LENGTH)).slice(
      0,
      FINGERPRINT_LENGTH,
    );
    counter = randomInt(INITIAL_COUNT_MAX);
  }
  const firstLetter = String.fromCharCode(97 + randomInt(26));
  const input = Date.now().toString(36) + entropy(LENGTH) + (counter++).toString(36) + fingerprint;
  return firstLetter + hash(input).slice(1, LENGTH);
}
