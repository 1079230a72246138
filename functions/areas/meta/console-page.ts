import { OPENAPI_TITLE } from '../../platform/openapi/title.js';

/**
 * The console's policy: its own script and stylesheet, calls to this API, data: images (Pico's icons)
 * and nothing else; no inline script or style at all, so no nonce either.
 */
export const CONSOLE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const CONSOLE_PAGE_HEADERS = {
  // A new build names new files: the page naming them must never be kept.
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': CONSOLE_POLICY,
} as const;

/** A digest-keyed file never changes: kept a year, never revalidated. */
export const CONSOLE_ASSET_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
} as const;

const shell = (head: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${OPENAPI_TITLE}: console</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;

/**
 * Relative URLs, as the reference page's: the page is `<base>/console`, its files `<base>/console/...`
 * and the API `<base>/...`, wherever the API is mounted (API Gateway's stage, a custom domain's base path,
 * http://localhost:3000/api/v1 from `npm start`).
 */
export const consolePage = ({ script, style }: { script: string; style: string }): string =>
  shell(
    `<link rel="stylesheet" href="console/styles/${style}">
<script type="module" src="console/scripts/${script}"></script>`,
    `<noscript>The console needs JavaScript. The API it uses is described at <a href="docs">docs</a>.</noscript>
<div id="root"></div>`,
  );
