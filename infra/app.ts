import { App, Validations } from 'aws-cdk-lib';
import { generateValidators } from '../scripts/generate-validators.js';
import { nagPacks } from './nag.js';
import { ApiStack } from './stack.js';

// aws-cdk-lib writes "Bundling asset <path>..." to stderr for every function, unconditionally, so
// `cdk synth --quiet` would still print a dozen lines; drop exactly those progress lines (bundling errors
// and every other message still print).
const writeStderr = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) =>
  typeof chunk === 'string' && /^Bundling asset [^\n]*\.\.\.\n$/.test(chunk)
    ? true
    : (writeStderr as (...args: unknown[]) => boolean)(chunk, ...rest)) as typeof process.stderr.write;

// The handlers import the generated validators, so they must exist before esbuild bundles them.
generateValidators();

const app = new App();
// cdk-nag on every synth: an unacknowledged finding stops `cdk synth` and `cdk deploy`.
Validations.of(app).addPlugins(...nagPacks(app));
// `-c stage=prod` deploys a separate copy (its own stack, table, alarms); `-c region=eu-west-1` overrides
// the region of the AWS profile.
const stage = app.node.tryGetContext('stage') as string | undefined;
new ApiStack(app, stage ? `StockflowApi-${stage}` : 'StockflowApi', {
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: (app.node.tryGetContext('region') as string | undefined) ?? process.env.CDK_DEFAULT_REGION,
  },
});
