import { App } from 'aws-cdk-lib';
import { generateValidators } from '../scripts/generate-validators.js';
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
new ApiStack(app, 'StockflowApi', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
