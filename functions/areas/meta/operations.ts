import { randomBytes } from 'node:crypto';
import type { Endpoint } from '../../platform/catalogue/endpoint.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import { META_ENDPOINTS } from './endpoints.js';
import { buildOpenApi } from '../../platform/openapi/build.js';
import { PAGE_HEADERS, referencePage, referencePolicy, rendererHeaders } from './reference-page.js';
import { rendererScript } from './renderer-script.js';

/** The document describes the whole catalogue, which only the entry composes (functions/catalogue.ts). */
export const metaOperations = (catalogue: readonly Endpoint[]) =>
  operationsFor(META_ENDPOINTS, {
    getOpenApi: async () => ({ body: buildOpenApi(catalogue) }),
    getApiReference: async () => {
      const nonce = randomBytes(16).toString('base64');
      const { digest } = await rendererScript();
      return {
        body: referencePage({ nonce, rendererDigest: digest }),
        headers: { ...PAGE_HEADERS, 'Content-Security-Policy': referencePolicy(nonce) },
      };
    },
    getApiReferenceRenderer: async ({ query }) => {
      const { text, digest } = await rendererScript();
      return { body: text, headers: rendererHeaders(query.v, digest) };
    },
  });
