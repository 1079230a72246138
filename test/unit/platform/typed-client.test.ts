/**
 * What an integrator does with the served document: generate a typed client (openapi-typescript) and lint
 * it (@redocly/cli). A field typed `unknown` or `Record<string, never>` needs a cast in every client; a
 * lint error breaks tooling that trusts the document.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../functions/catalogue.js';
import { dispatch } from '../../../infra/local/http-adapter.js';

/** The document as GET /openapi.json serves it. */
async function servedDocument(): Promise<OpenAPI3> {
  const response = await dispatch({
    method: 'GET',
    path: '/api/v1/openapi.json',
    query: new URLSearchParams(),
    headers: {},
    sourceIp: '127.0.0.1',
  });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.body) as OpenAPI3;
}

const isUntyped = (node: ts.TypeNode): boolean =>
  node.kind === ts.SyntaxKind.UnknownKeyword ||
  (ts.isTypeReferenceNode(node) &&
    node.typeName.getText() === 'Record' &&
    node.typeArguments?.[1]?.kind === ts.SyntaxKind.NeverKeyword);

const nameOf = (node: ts.PropertySignature): string => node.name.getText().replace(/^"|"$/g, '');

/**
 * Every field whose type is, or has as a union member or array element, `unknown` or `Record<string,
 * never>`, as a dotted path. The `[name: string]: unknown` openapi-typescript adds to every `headers` (a
 * response may carry headers it does not declare) is no field.
 */
function untypedFields(source: string): string[] {
  const file = ts.createSourceFile('client.ts', source, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node, path: string[]): void => {
    if (ts.isPropertySignature(node)) {
      const inner = [...path, nameOf(node)];
      const check = (type: ts.TypeNode): void => {
        if (isUntyped(type)) found.push(inner.join('.'));
        else if (ts.isUnionTypeNode(type)) type.types.forEach(check);
        else if (ts.isParenthesizedTypeNode(type)) check(type.type);
        else if (ts.isArrayTypeNode(type)) check(type.elementType);
      };
      if (node.type) check(node.type);
      ts.forEachChild(node, (child) => visit(child, inner));
      return;
    }
    if (ts.isIndexSignatureDeclaration(node) && path.at(-1) !== 'headers' && isUntyped(node.type)) {
      found.push([...path, '[key]'].join('.'));
    }
    const name = ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) ? [node.name.text] : [];
    ts.forEachChild(node, (child) => visit(child, [...path, ...name]));
  };
  visit(file, []);
  return [...new Set(found)];
}

describe('a client generated from the served document', () => {
  it('is served as built', async () => {
    const { buildOpenApi } = await import('../../../functions/platform/openapi/build.js');
    expect(await servedDocument()).toEqual(buildOpenApi(ENDPOINTS));
  });

  it(
    'types every request and response field: no unknown, no empty object',
    { timeout: 120_000 },
    async () => {
      const client = astToString(await openapiTS(await servedDocument()));
      expect(client).toContain('export interface webhooks');
      expect(untypedFields(client)).toEqual([]);
    },
  );

  it('finds the untyped fields it looks for', () => {
    const sample = [
      'export interface components { schemas: { A: { open: Record<string, never>[]; loose?: string | unknown;',
      'fine: { [key: string]: string }; bag: { [key: string]: unknown } } };',
      'responses: { 200: { headers: { [name: string]: unknown } } } }',
    ].join('\n');
    expect(untypedFields(sample)).toEqual([
      'components.schemas.A.open',
      'components.schemas.A.loose',
      'components.schemas.A.bag.[key]',
    ]);
  });
});

describe('redocly lint of the served document', () => {
  it('reports no error under the recommended rules (redocly.yaml)', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(await servedDocument()));
    const cli = join(process.cwd(), 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const run = promisify(execFile);
    const args = [cli, 'lint', file, '--format=json', `--config=${join(process.cwd(), 'redocly.yaml')}`];
    // Offline: no telemetry, no update check. A lint error exits 1, so the report is read either way.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout } = await run(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });
});
