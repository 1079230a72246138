import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// Areas reach AWS through functions/platform only (dynamo/commands.ts, events/sqs-batch.ts), so they stay
// testable and an SDK change touches the platform alone.
const AREAS_OFF_THE_SDK = {
  group: ['@aws-sdk/*'],
  message: 'Areas reach AWS through functions/platform (dynamo/commands.ts, events/sqs-batch.ts).',
};
const AREAS = readdirSync(new URL('./functions/areas/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Area boundaries: an area uses another only through that area's public.ts, so its stores, back office and
 * services can change without touching their callers; and an HTTP operation never depends on a back-office
 * module (the CLI calls operations, not the reverse). One block per area, since a block replaces the rule
 * for its files and a relative import names the other area only by its folder.
 */
function areaBoundaries() {
  return AREAS.flatMap((area) => {
    const others = AREAS.filter((other) => other !== area).join('|');
    const intoAnotherArea = {
      regex: `^(\\.\\./)+(${others})/(?!public\\.js$)`,
      message: `Use another area through its public.ts only (functions/areas/<area>/public.ts).`,
    };
    const intoBackOffice = {
      regex: '(^|/)back-office/',
      message: 'An HTTP operation must not depend on a back-office module; move what both need beside them.',
    };
    const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
    return [
      { files: [`functions/areas/${area}/**/*.ts`], rules: rule([AREAS_OFF_THE_SDK, intoAnotherArea]) },
      {
        files: [`functions/areas/${area}/operations.ts`, `functions/areas/${area}/operations/**/*.ts`],
        rules: rule([AREAS_OFF_THE_SDK, intoAnotherArea, intoBackOffice]),
      },
    ];
  });
}

// The platform sits below the areas and below functions/catalogue.ts, which composes them (like
// functions/lambdas.ts): the entries hand it the endpoints and operations it serves.
const PLATFORM_BELOW_AREAS = [
  {
    regex: '(^|/)areas/',
    message: 'functions/platform must not depend on an area; let the entry (functions/entries) pass it in.',
  },
  {
    regex: '^(\\.\\./)+catalogue\\.js$',
    message: 'functions/catalogue.ts composes the areas; the platform receives endpoints from the entries.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'cdk.out',
      '.data',
      'functions/generated',
      'coverage',
      'console/dist',
      'console/client/schema.d.ts',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Import boundaries (docs/architecture.md, "Conventions that lint and tests enforce"). Each block
  // replaces the rule for its files, so a block for folders inside another's repeats the outer patterns.
  {
    // The domain decides; it never reaches I/O, the HTTP layer or the wire schemas.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(functions|infra|schemas)/',
              message: 'domain/ is pure: pass what it needs in from functions/ instead of importing it.',
            },
            { group: ['@aws-sdk/*'], message: 'domain/ does no I/O.' },
          ],
        },
      ],
    },
  },
  ...areaBoundaries(),
  {
    files: ['functions/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: PLATFORM_BELOW_AREAS }] },
  },
  {
    // Storage and the journal sit below HTTP: the back office and the event workers use them too.
    files: ['functions/platform/dynamo/**/*.ts', 'functions/platform/journal/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PLATFORM_BELOW_AREAS,
            {
              regex: '(^|/)http/',
              message: 'dynamo/ and journal/ must not depend on platform/http; move shared types down.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON response bodies; typing each one would add noise, not safety.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
