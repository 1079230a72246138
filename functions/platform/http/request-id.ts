import { newId } from '../ids.js';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a caller's X-Request-Id when it is safe to log and return; otherwise mint one. */
export const requestIdFor = (incoming: string | undefined): string =>
  incoming && SANE_REQUEST_ID.test(incoming) ? incoming : `req_${newId()}`;
