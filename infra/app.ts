import { App } from 'aws-cdk-lib';
import { generateValidators } from '../scripts/generate-validators.js';
import { ApiStack } from './stack.js';

// The handlers import the generated validators, so they must exist before esbuild bundles them.
generateValidators();

const app = new App();
new ApiStack(app, 'StockflowApi', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
