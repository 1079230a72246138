import { dispatchDue } from '../webhooks/dispatch.js';

/** Lambda entry, every minute: sends pings and any due delivery whose queue message went missing. */
export const handler = async () => {
  const summary = await dispatchDue();
  console.log(JSON.stringify({ level: 'info', message: 'webhook dispatch', ...summary }));
  return summary;
};
