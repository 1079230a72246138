import { beforeAll, describe, expect, it } from 'vitest';
import { buildConsole, type ConsoleManifest } from '../../console/build.js';
import { call } from '../support/api.js';

let manifest: ConsoleManifest;
beforeAll(async () => {
  manifest = await buildConsole();
}, 60_000);

const served = (file: string) => file.replace(/\.(js|css)$/, '');

describe('GET /console', () => {
  it('answers the page without a key: HTML naming its digest-keyed files, a strict CSP, never stored', async () => {
    const res = await call<string>('GET', '/console');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']!.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self'",
      "img-src 'self' data:",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
    // Relative URLs: the page works wherever the API is mounted.
    expect(res.body).toContain(
      `<script type="module" src="console/scripts/${served(manifest.script)}"></script>`,
    );
    expect(res.body).toContain(`<link rel="stylesheet" href="console/styles/${served(manifest.style)}">`);
    // No inline script or style: the CSP allows none.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.body).not.toMatch(/<style|style="/);
    expect(res.body).not.toMatch(/https?:\/\//);
  });

  it('serves the script and stylesheet it names, cached a year, with their own types', async () => {
    const script = await call<string>('GET', `/console/scripts/${served(manifest.script)}`);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.body.length).toBeGreaterThan(10_000);
    // Nothing but this origin: no absolute URL to fetch from (React's error pages link to react.dev in
    // text only, which is not a request).
    expect(script.body).not.toMatch(/fetch\(\s*["'`]https?:/);

    const style = await call<string>('GET', `/console/styles/${served(manifest.style)}`);
    expect(style.status).toBe(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(style.body).not.toMatch(/url\(\s*["']?https?:/);
  });

  it('answers 404 for a file it did not build, the script name under styles included', async () => {
    for (const path of [
      '/console/scripts/app-0000000000000000',
      `/console/styles/${served(manifest.script)}`,
      `/console/scripts/${served(manifest.style)}`,
      `/console/scripts/${manifest.script}`,
    ]) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});
