/**
 * The API's name, in the OpenAPI document and the meta Lambda's pages. Its own module so that those pages
 * do not load the document builder and every schema with it (issue 29 item 1: the meta cold import).
 */
export const OPENAPI_TITLE = 'Stockflow Inventory and Order API';
