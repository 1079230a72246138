import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Redoc's standalone bundle (one file, React included), as the redoc package ships it. */
export const RENDERER_PACKAGE_PATH = 'redoc/bundles/redoc.standalone.js';
/** The name the meta Lambda's bundling hook gives its copy, beside index.mjs (infra/stack.ts). */
export const RENDERER_FILE = 'redoc.standalone.js';

/**
 * Redoc's sidebar footer loads its logo from cdn.redoc.ly, the one request the bundle would make beyond
 * this API: the page must work offline, and the CSP would refuse the image (a console error). A blank
 * image of the same 15 px keeps the footer's layout.
 */
const REMOTE_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
const BLANK_LOGO = `"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E"`;
/**
 * Webpack's style nonce starts unset, so the <style> elements the bundle adds as it loads (before Redoc's
 * own `nonce` option is read) would carry none and the CSP would refuse them. It starts as the nonce of the
 * <script> element loading the bundle instead (the page gives it the response's nonce).
 */
const UNSET_STYLE_NONCE = 'r.nc=void 0;';
const SCRIPT_STYLE_NONCE = 'r.nc=document.currentScript&&document.currentScript.nonce||void 0;';
/** The bundle names a source map that is not served; a browser's developer tools would ask for it. */
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=\S+\s*$/;

export interface RendererScript {
  text: string;
  /** Changes with the text: the page asks for `renderer.js?v=<digest>`, so a cached copy is never stale. */
  digest: string;
}

/** The script as served: the package's bundle made to work offline under the page's CSP. */
export function servedRenderer(bundle: string): RendererScript {
  for (const needle of [REMOTE_LOGO, UNSET_STYLE_NONCE]) {
    // A Redoc upgrade changed what is replaced: fail loudly rather than serve a page that calls a CDN or
    // whose styles the CSP refuses.
    if (bundle.split(needle).length !== 2) {
      throw new Error(`The renderer bundle no longer holds exactly one ${needle}`);
    }
  }
  const text = bundle
    .replace(REMOTE_LOGO, BLANK_LOGO)
    .replace(UNSET_STYLE_NONCE, SCRIPT_STYLE_NONCE)
    .replace(SOURCE_MAP_COMMENT, '\n');
  return { text, digest: createHash('sha256').update(text).digest('base64url').slice(0, 16) };
}

/** In the Lambda the file lies beside the bundle; run from source (npm start, tests) it is the package's. */
function rendererPath(): string {
  const beside = fileURLToPath(new URL(RENDERER_FILE, import.meta.url));
  return existsSync(beside) ? beside : createRequire(import.meta.url).resolve(RENDERER_PACKAGE_PATH);
}

let loaded: Promise<RendererScript> | undefined;

/** Read once per container, on the first request that needs it, so other meta requests never pay for it. */
export function rendererScript(): Promise<RendererScript> {
  loaded ??= readFile(rendererPath(), 'utf8')
    .then(servedRenderer)
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}
