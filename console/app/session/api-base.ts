/**
 * The API's base URL, from the page's own: the console is `<base>/console`, so the API is `<base>`,
 * wherever it is mounted (API Gateway's stage, a custom domain's base path, localhost under /api/v1).
 */
export const apiBaseUrl = (): string => new URL('.', location.href).href.replace(/\/$/, '');
