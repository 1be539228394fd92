/** What every file of the API reference (the document, the page and its files) says about its caching. */
export const cacheNote = 'Compressed (brotli or gzip) when the client takes it; 304 when the copy it holds is current (ETag).';
