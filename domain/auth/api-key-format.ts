/** Keys are a fixed literal prefix followed by 48 hexadecimal characters (spec, Authentication). */
export const API_KEY_PREFIX = 'sfk_live_';
const KEY_PATTERN = /^sfk_live_[0-9a-f]{48}$/;

export const looksLikeApiKey = (value: string): boolean => KEY_PATTERN.test(value);

/** Builds a key from 24 random bytes; randomness is passed in so the domain stays free of I/O. */
export const formatApiKey = (randomBytes: Uint8Array): string => {
  if (randomBytes.length !== 24) throw new Error('an API key needs exactly 24 random bytes');
  return API_KEY_PREFIX + Buffer.from(randomBytes).toString('hex');
};
