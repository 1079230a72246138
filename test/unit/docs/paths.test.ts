import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path the README and docs/ name in backticks exists, so a move or rename that forgets
 * the docs fails here. The vendored spec (docs/spec/) is left out: it is a verbatim copy and its paths are
 * the originals'.
 *
 * What counts as a path: a backticked span outside fenced code blocks, without spaces, holding a '/',
 * whose first segment is a top-level entry of the repository (`functions/...`, `docs/...`) or the docs'
 * shorthand `platform/...`, or that ends in a source or document extension (`store/list.ts`). Not paths:
 * bare file names (`view.ts`, `openapi.json`: they name a file in context), URLs, API paths
 * (`/products/{id}`), package names (`@middy/...`), and anything holding a placeholder, glob, variable or
 * alternative (`<area>`, `...`, `*`, `{id}`, `$KEY`, `a|b`). A `:12` or `:12-40` line suffix is ignored. A
 * path resolves from the repository root; the docs' shorthands also resolve from `functions/`
 * (`platform/...`), `functions/areas/` (`inventory/stock-facts.ts`) and any area folder (`store/list.ts`).
 */
const ROOT = process.cwd();
const IGNORED_DIRS = new Set(['node_modules', '.git', 'cdk.out', '.data', 'coverage', 'spec']);
const EXTENSIONS = /\.(ts|js|mjs|cjs|json|md|yml|yaml|sh)$/;
const NOT_A_PATH = /:\/\/|^\/|^@|\.\.\.|[<>{}*?$|\s=#,()'"…]/;
/** Relative URLs of the API reference page, named in docs/decisions.md: not files. */
const URLS = new Set(['docs/renderer.js']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return IGNORED_DIRS.has(name) ? [] : markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const TOP_LEVEL = new Set(readdirSync(ROOT).filter((name) => !IGNORED_DIRS.has(name)));
const AREAS = readdirSync(join(ROOT, 'functions', 'areas'));

/** The backticked spans of a Markdown text, fenced code blocks left out. */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
  return [...prose.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)].map((m) => m[1]!);
}

export function isRepositoryPath(span: string): boolean {
  if (NOT_A_PATH.test(span) || URLS.has(span) || !span.includes('/')) return false;
  const path = span.replace(/:\d+(-\d+)?$/, '');
  const first = path.split('/')[0]!;
  return TOP_LEVEL.has(first) || first === 'platform' || (EXTENSIONS.test(path) && !path.includes(':'));
}

export function resolves(span: string): boolean {
  const path = span.replace(/:\d+(-\d+)?$/, '');
  const bases = [
    '',
    'functions',
    join('functions', 'areas'),
    ...AREAS.map((area) => join('functions', 'areas', area)),
  ];
  return bases.some((base) => existsSync(join(ROOT, base, path)));
}

const DOCS = ['README.md', ...markdownFiles(join(ROOT, 'docs')).map((path) => relative(ROOT, path))];

describe('repository paths named in the README and docs/', () => {
  it('finds the documents and the paths they name', () => {
    expect(DOCS).toContain('docs/architecture.md');
    expect(DOCS.some((doc) => doc.startsWith('docs/spec/'))).toBe(false);
    expect(isRepositoryPath('functions/lambdas.ts')).toBe(true);
    expect(isRepositoryPath('/products/{id}')).toBe(false);
    expect(isRepositoryPath('functions/areas/<area>/')).toBe(false);
    expect(resolves('functions/no-such-file.ts')).toBe(false);
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const missing = codeSpans(readFileSync(join(ROOT, doc), 'utf8'))
      .filter(isRepositoryPath)
      .filter((span) => !resolves(span));
    expect([...new Set(missing)]).toEqual([]);
  });
});
