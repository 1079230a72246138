import { describe, expect, it } from 'vitest';
import { referencePage, rendererHeaders } from '../../../functions/areas/meta/reference-page.js';
import { servedRenderer } from '../../../functions/areas/meta/renderer-script.js';

const LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
const NONCE = 'r.nc=void 0;';
const bundle = (body = `a(${LOGO});${NONCE}b()`) => `${body}\n//# sourceMappingURL=redoc.standalone.js.map`;

describe('servedRenderer', () => {
  it('swaps the CDN logo for a data: image, takes the style nonce from its script, drops the source map', () => {
    const { text } = servedRenderer(bundle());
    expect(text).toBe(
      `a("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E");` +
        'r.nc=document.currentScript&&document.currentScript.nonce||void 0;b()\n',
    );
  });

  it('refuses a bundle where either replacement is missing or ambiguous (a Redoc upgrade)', () => {
    expect(() => servedRenderer(bundle(`a();${NONCE}`))).toThrow(/exactly one "https:\/\/cdn.redoc.ly/);
    expect(() => servedRenderer(bundle(`a(${LOGO},${LOGO});${NONCE}`))).toThrow(/exactly one/);
    expect(() => servedRenderer(bundle(`a(${LOGO});`))).toThrow(/exactly one r\.nc=void 0;/);
  });

  it('names the served text by a 16-character digest that changes with it', () => {
    const one = servedRenderer(bundle());
    expect(one.digest).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(servedRenderer(bundle()).digest).toBe(one.digest);
    expect(servedRenderer(bundle(`a(${LOGO});${NONCE}c()`)).digest).not.toBe(one.digest);
  });
});

describe('the reference page', () => {
  it('puts the nonce on its style and script and the digest in the script URL', () => {
    const page = referencePage({ nonce: 'n0nce', rendererDigest: 'd1gest' });
    expect(page).toContain('<style nonce="n0nce">');
    expect(page).toContain('<script src="docs/renderer.js?v=d1gest" nonce="n0nce"></script>');
  });

  it("caches the renderer a year under the page's digest, a day otherwise", () => {
    expect(rendererHeaders('abc', 'abc')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(rendererHeaders('old', 'abc')['Cache-Control']).toBe('public, max-age=86400');
    expect(rendererHeaders(undefined, 'abc')['Cache-Control']).toBe('public, max-age=86400');
  });
});
