// Search's numbers, shared by the API schema and the browser (which must not import the schemas:
// they pull in server modules). No imports here, so either side can use it.
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 200;
export const DEFAULT_SEARCH_THRESHOLD = 0.4;
/** Search texts and chat questions share this limit. */
export const MAX_QUERY_CHARS = 4000;
