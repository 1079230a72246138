import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', '.data', 'functions/generated', 'coverage'] },
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
  // replaces the rule for its files, so the folders below must not overlap.
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
  {
    // One place owns the SDK, so areas stay testable and an SDK change touches functions/platform only.
    files: ['functions/areas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@aws-sdk/*'],
              message:
                'Areas reach AWS through functions/platform (dynamo/commands.ts, events/sqs-batch.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Storage and the journal sit below HTTP: the back office and the event workers use them too.
    files: ['functions/platform/dynamo/**/*.ts', 'functions/platform/journal/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
