import { randomBytes } from 'node:crypto';
import { operationsFor } from '../../platform/http/operations-for.js';
import type { META_ENDPOINTS } from './endpoints.js';
import { PAGE_HEADERS, referencePage, referencePolicy, rendererHeaders } from './reference-page.js';
import { rendererScript } from './renderer-script.js';
import { ApiError, notFound } from '../../../domain/errors.js';
import { consoleAssets } from './console-assets.js';
import { CONSOLE_ASSET_HEADERS, CONSOLE_PAGE_HEADERS, consolePage } from './console-page.js';

/** The console's files, or 503 on a source checkout that has not built them yet. */
async function builtConsole() {
  const assets = await consoleAssets();
  if (!assets) {
    throw new ApiError(
      'service_unavailable',
      'The console is not built: run `npm run build` (or `npm start`)',
    );
  }
  return assets;
}

/**
 * The document describes the whole catalogue, which only the entry composes (functions/catalogue.ts);
 * `openApi` answers it (the Lambda loads the catalogue on first use: functions/areas/meta/openapi-document.ts).
 */
export const metaOperations = (openApi: () => Promise<object>) =>
  operationsFor<typeof META_ENDPOINTS>({
    getOpenApi: async () => ({ body: await openApi() }),
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
    getConsole: async () => {
      const assets = await builtConsole();
      return { body: consolePage(assets), headers: { ...CONSOLE_PAGE_HEADERS } };
    },
    getConsoleScript: async ({ params }) => {
      const text = (await builtConsole()).scripts.get(params.file);
      if (text === undefined) throw notFound('Console script');
      return { body: text, headers: { ...CONSOLE_ASSET_HEADERS } };
    },
    getConsoleStyle: async ({ params }) => {
      const text = (await builtConsole()).styles.get(params.file);
      if (text === undefined) throw notFound('Console stylesheet');
      return { body: text, headers: { ...CONSOLE_ASSET_HEADERS } };
    },
  });
