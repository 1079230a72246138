import { OPENAPI_TITLE } from '../../platform/openapi/title.js';

/**
 * What the renderer needs and nothing more: its script from this API (the page has no inline script);
 * the <style> elements it injects, allowed by the response's nonce rather than 'unsafe-inline' (the bundle
 * takes it from its <script> element, renderer-script.ts); its search index, a Worker built from a blob:
 * URL; data: images (the favicon and the footer logo); openapi.json, fetched from this API.
 */
export const referencePolicy = (nonce: string): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'nonce-${nonce}'`,
    'img-src data:',
    "connect-src 'self'",
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * Relative URLs, so the page works wherever the API is mounted: under API Gateway at /api/v1/docs, locally
 * at http://localhost:3000/api/v1/docs, behind a custom domain's base path.
 */
export const referencePage = ({ nonce, rendererDigest }: { nonce: string; rendererDigest: string }): string =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${OPENAPI_TITLE}: reference</title>
<style nonce="${nonce}">body { margin: 0; padding: 0; }</style>
</head>
<body>
<noscript>This reference needs JavaScript. The OpenAPI document it renders is at <a href="openapi.json">openapi.json</a>.</noscript>
<redoc spec-url="openapi.json" required-props-first="true" expand-responses="200,201,202"></redoc>
<script src="docs/renderer.js?v=${rendererDigest}" nonce="${nonce}"></script>
</body>
</html>
`;

export const PAGE_HEADERS = {
  // Each answer has its own nonce: a stored copy would reuse it.
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * The page names the script by its digest, so that URL's content never changes and may be kept a year;
 * a request naming another digest (an old page, a hand-typed URL) is kept a day.
 */
export const rendererHeaders = (requested: unknown, digest: string): Record<string, string> => ({
  'Cache-Control': requested === digest ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
  'X-Content-Type-Options': 'nosniff',
});
