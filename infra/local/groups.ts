import type { Group } from '../../functions/lambdas.js';
import type { ApiEvent, ApiResult } from '../../functions/platform/http/types.js';

type Handler = (event: ApiEvent, context: object) => Promise<ApiResult>;

const loaded = new Map<Group, Promise<{ handler: Handler }>>();

/**
 * The same Lambda entry modules (functions/entries/<group>.ts) the CDK stack deploys, loaded on first use
 * like a cold start. The path is computed so that a new group needs no edit here.
 */
export async function groupHandler(group: Group): Promise<Handler> {
  if (!loaded.has(group)) {
    const entry = new URL(`../../functions/entries/${group}.ts`, import.meta.url).href;
    loaded.set(group, import(entry) as Promise<{ handler: Handler }>);
  }
  return (await loaded.get(group)!).handler;
}
