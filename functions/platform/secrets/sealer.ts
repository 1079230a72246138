/**
 * Sealing of secrets the service must keep but never show again (webhook signing secrets): stored
 * encrypted, opened only by the code that needs the plain value. A sealed value names how it was sealed
 * (`kms1:`, `local1:`), so values sealed by either implementation, and plain values from before sealing
 * existed, stay readable whichever implementation this process seals with.
 */

/**
 * What a sealed value is bound to (for webhooks: the organisation and the subscription). Opening with a
 * different context fails, so a sealed value copied onto another row is useless there.
 */
export type SealContext = Readonly<Record<string, string>>;

export interface SecretSealer {
  seal(plain: string, context: SealContext): Promise<string>;
  open(sealed: string, context: SealContext): Promise<string>;
}

export const KMS_PREFIX = 'kms1:';
export const LOCAL_PREFIX = 'local1:';

/** A value without a known version prefix was stored before sealing: it is the plain secret itself. */
export const isSealed = (value: string): boolean =>
  value.startsWith(KMS_PREFIX) || value.startsWith(LOCAL_PREFIX);

/** The context as one canonical string (sorted keys): local sealing binds it as additional data. */
export const canonicalContext = (context: SealContext): string =>
  JSON.stringify(
    Object.keys(context)
      .sort()
      .map((k) => [k, context[k]]),
  );
