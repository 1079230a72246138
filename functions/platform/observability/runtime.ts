import { SERVICE_NAME as DEFAULT_SERVICE_NAME } from './metric-names.js';
import { config } from '../config.js';

/**
 * Whether this process is a deployed Lambda. Locally (npm start, tests, the admin CLI, the bench) logs are
 * human-readable on stderr, metrics are not written and tracing is off, without any setting.
 */
export const inLambda = (): boolean => Boolean(config.lambdaFunctionName);

/** The service name on every log line, metric and trace segment. */
export const SERVICE_NAME = config.serviceName ?? DEFAULT_SERVICE_NAME;
